;; cordon-geometry: plane geometry on scalars, run on the host behind Cordon's WASM bridge.
;;
;; The v1 contract: no imports, function exports only, i32/f32/f64 parameters and
;; at most one result, at most 8 parameters, and no state between calls (every
;; call gets a fresh instance). This module needs no linear memory at all.
;; Build: python resources/packs/cordon-geometry/build.py
(module
  ;; Euclidean distance between (x1, y1) and (x2, y2).
  (func (export "distance") (param $x1 f64) (param $y1 f64) (param $x2 f64) (param $y2 f64) (result f64)
    (local $dx f64) (local $dy f64)
    (local.set $dx (f64.sub (local.get $x2) (local.get $x1)))
    (local.set $dy (f64.sub (local.get $y2) (local.get $y1)))
    (f64.sqrt (f64.add (f64.mul (local.get $dx) (local.get $dx))
                       (f64.mul (local.get $dy) (local.get $dy)))))

  ;; Twice the signed area of triangle (a, b, c): > 0 counter-clockwise, < 0 clockwise, 0 collinear.
  (func $orient (param $ax f64) (param $ay f64) (param $bx f64) (param $by f64) (param $cx f64) (param $cy f64)
    (result f64)
    (f64.sub (f64.mul (f64.sub (local.get $bx) (local.get $ax)) (f64.sub (local.get $cy) (local.get $ay)))
             (f64.mul (f64.sub (local.get $cx) (local.get $ax)) (f64.sub (local.get $by) (local.get $ay)))))

  ;; -1, 0 or 1: the sign of $orient.
  (func $side (param $ax f64) (param $ay f64) (param $bx f64) (param $by f64) (param $cx f64) (param $cy f64)
    (result i32)
    (local $o f64)
    (local.set $o (call $orient (local.get $ax) (local.get $ay) (local.get $bx) (local.get $by)
                                (local.get $cx) (local.get $cy)))
    (i32.sub (f64.gt (local.get $o) (f64.const 0)) (f64.lt (local.get $o) (f64.const 0))))

  ;; Area of the triangle (unsigned). The binary name is not a JS identifier: the
  ;; manifest maps it with {"wasm": "triangle-area", "as": "triangleArea"}.
  (func (export "triangle-area") (param $ax f64) (param $ay f64) (param $bx f64) (param $by f64)
    (param $cx f64) (param $cy f64) (result f64)
    (f64.mul (f64.const 0.5)
             (f64.abs (call $orient (local.get $ax) (local.get $ay) (local.get $bx) (local.get $by)
                                    (local.get $cx) (local.get $cy)))))

  ;; Do the closed intervals [a1, a2] and [b1, b2] (either order) overlap?
  (func $overlap (param $a1 f64) (param $a2 f64) (param $b1 f64) (param $b2 f64) (result i32)
    (f64.le (f64.max (f64.min (local.get $a1) (local.get $a2)) (f64.min (local.get $b1) (local.get $b2)))
            (f64.min (f64.max (local.get $a1) (local.get $a2)) (f64.max (local.get $b1) (local.get $b2)))))

  ;; 1 when segment a-b and segment c-d share at least one point (touching counts), else 0.
  (func (export "segmentsIntersect") (param $ax f64) (param $ay f64) (param $bx f64) (param $by f64)
    (param $cx f64) (param $cy f64) (param $dx f64) (param $dy f64) (result i32)
    (local $s1 i32) (local $s2 i32) (local $s3 i32) (local $s4 i32)
    (local.set $s1 (call $side (local.get $ax) (local.get $ay) (local.get $bx) (local.get $by) (local.get $cx) (local.get $cy)))
    (local.set $s2 (call $side (local.get $ax) (local.get $ay) (local.get $bx) (local.get $by) (local.get $dx) (local.get $dy)))
    (local.set $s3 (call $side (local.get $cx) (local.get $cy) (local.get $dx) (local.get $dy) (local.get $ax) (local.get $ay)))
    (local.set $s4 (call $side (local.get $cx) (local.get $cy) (local.get $dx) (local.get $dy) (local.get $bx) (local.get $by)))
    ;; all four collinear: the segments meet when their projections overlap on both axes
    (if (i32.eqz (i32.or (i32.or (local.get $s1) (local.get $s2)) (i32.or (local.get $s3) (local.get $s4))))
      (then (return (i32.and
        (call $overlap (local.get $ax) (local.get $bx) (local.get $cx) (local.get $dx))
        (call $overlap (local.get $ay) (local.get $by) (local.get $cy) (local.get $dy))))))
    ;; otherwise each segment's end points must not lie strictly on the same side of the other
    (i32.and (i32.le_s (i32.mul (local.get $s1) (local.get $s2)) (i32.const 0))
             (i32.le_s (i32.mul (local.get $s3) (local.get $s4)) (i32.const 0))))

  ;; 1 when (px, py) lies inside triangle a-b-c or on its edges, else 0 (either winding).
  (func (export "pointInTriangle") (param $px f64) (param $py f64) (param $ax f64) (param $ay f64)
    (param $bx f64) (param $by f64) (param $cx f64) (param $cy f64) (result i32)
    (local $s1 i32) (local $s2 i32) (local $s3 i32)
    (local.set $s1 (call $side (local.get $ax) (local.get $ay) (local.get $bx) (local.get $by) (local.get $px) (local.get $py)))
    (local.set $s2 (call $side (local.get $bx) (local.get $by) (local.get $cx) (local.get $cy) (local.get $px) (local.get $py)))
    (local.set $s3 (call $side (local.get $cx) (local.get $cy) (local.get $ax) (local.get $ay) (local.get $px) (local.get $py)))
    ;; inside unless both a negative and a positive side occur
    (i32.eqz (i32.and
      (i32.or (i32.lt_s (local.get $s1) (i32.const 0)) (i32.or (i32.lt_s (local.get $s2) (i32.const 0)) (i32.lt_s (local.get $s3) (i32.const 0))))
      (i32.or (i32.gt_s (local.get $s1) (i32.const 0)) (i32.or (i32.gt_s (local.get $s2) (i32.const 0)) (i32.gt_s (local.get $s3) (i32.const 0)))))))

  ;; v limited to [lo, hi].
  (func (export "clamp") (param $v f64) (param $lo f64) (param $hi f64) (result f64)
    (f64.min (f64.max (local.get $v) (local.get $lo)) (local.get $hi)))

  ;; Greatest common divisor of two int32 values (non-negative result; gcd(0, 0) = 0).
  (func (export "gcd") (param $a i32) (param $b i32) (result i32)
    (local $t i32)
    (local.set $a (select (i32.sub (i32.const 0) (local.get $a)) (local.get $a) (i32.lt_s (local.get $a) (i32.const 0))))
    (local.set $b (select (i32.sub (i32.const 0) (local.get $b)) (local.get $b) (i32.lt_s (local.get $b) (i32.const 0))))
    (block $done
      (loop $step
        (br_if $done (i32.eqz (local.get $b)))
        (local.set $t (i32.rem_u (local.get $a) (local.get $b)))
        (local.set $a (local.get $b))
        (local.set $b (local.get $t))
        (br $step)))
    (local.get $a))
)
