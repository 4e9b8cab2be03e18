// The declarations of @types/culori@4.0.1, bundled by resources/packs/vendor.py with dts-bundle-generator@9.5.1.
export declare function fixupAlpha(arr: undefined[]): undefined[];
export declare function fixupAlpha(arr: Array<number | undefined>): number[];
export declare function interpolatorPiecewise(interpolator: (a: number, b: number, t: number) => number): (arr: number[]) => (t: number) => number;
export const interpolatorLinear: ReturnType<typeof interpolatorPiecewise>;
export interface Rgb {
	mode: "rgb";
	r: number;
	g: number;
	b: number;
	alpha?: number;
}
export declare function parseHex(color: string): Rgb | undefined;
export declare const colorsNamed: {
	aliceblue: 15792383;
	antiquewhite: 16444375;
	aqua: 65535;
	aquamarine: 8388564;
	azure: 15794175;
	beige: 16119260;
	bisque: 16770244;
	black: 0;
	blanchedalmond: 16772045;
	blue: 255;
	blueviolet: 9055202;
	brown: 10824234;
	burlywood: 14596231;
	cadetblue: 6266528;
	chartreuse: 8388352;
	chocolate: 13789470;
	coral: 16744272;
	cornflowerblue: 6591981;
	cornsilk: 16775388;
	crimson: 14423100;
	cyan: 65535;
	darkblue: 139;
	darkcyan: 35723;
	darkgoldenrod: 12092939;
	darkgray: 11119017;
	darkgreen: 25600;
	darkgrey: 11119017;
	darkkhaki: 12433259;
	darkmagenta: 9109643;
	darkolivegreen: 5597999;
	darkorange: 16747520;
	darkorchid: 10040012;
	darkred: 9109504;
	darksalmon: 15308410;
	darkseagreen: 9419919;
	darkslateblue: 4734347;
	darkslategray: 3100495;
	darkslategrey: 3100495;
	darkturquoise: 52945;
	darkviolet: 9699539;
	deeppink: 16716947;
	deepskyblue: 49151;
	dimgray: 6908265;
	dimgrey: 6908265;
	dodgerblue: 2003199;
	firebrick: 11674146;
	floralwhite: 16775920;
	forestgreen: 2263842;
	fuchsia: 16711935;
	gainsboro: 14474460;
	ghostwhite: 16316671;
	gold: 16766720;
	goldenrod: 14329120;
	gray: 8421504;
	green: 32768;
	greenyellow: 11403055;
	grey: 8421504;
	honeydew: 15794160;
	hotpink: 16738740;
	indianred: 13458524;
	indigo: 4915330;
	ivory: 16777200;
	khaki: 15787660;
	lavender: 15132410;
	lavenderblush: 16773365;
	lawngreen: 8190976;
	lemonchiffon: 16775885;
	lightblue: 11393254;
	lightcoral: 15761536;
	lightcyan: 14745599;
	lightgoldenrodyellow: 16448210;
	lightgray: 13882323;
	lightgreen: 9498256;
	lightgrey: 13882323;
	lightpink: 16758465;
	lightsalmon: 16752762;
	lightseagreen: 2142890;
	lightskyblue: 8900346;
	lightslategray: 7833753;
	lightslategrey: 7833753;
	lightsteelblue: 11584734;
	lightyellow: 16777184;
	lime: 65280;
	limegreen: 3329330;
	linen: 16445670;
	magenta: 16711935;
	maroon: 8388608;
	mediumaquamarine: 6737322;
	mediumblue: 205;
	mediumorchid: 12211667;
	mediumpurple: 9662683;
	mediumseagreen: 3978097;
	mediumslateblue: 8087790;
	mediumspringgreen: 64154;
	mediumturquoise: 4772300;
	mediumvioletred: 13047173;
	midnightblue: 1644912;
	mintcream: 16121850;
	mistyrose: 16770273;
	moccasin: 16770229;
	navajowhite: 16768685;
	navy: 128;
	oldlace: 16643558;
	olive: 8421376;
	olivedrab: 7048739;
	orange: 16753920;
	orangered: 16729344;
	orchid: 14315734;
	palegoldenrod: 15657130;
	palegreen: 10025880;
	paleturquoise: 11529966;
	palevioletred: 14381203;
	papayawhip: 16773077;
	peachpuff: 16767673;
	peru: 13468991;
	pink: 16761035;
	plum: 14524637;
	powderblue: 11591910;
	purple: 8388736;
	// Added in CSS Colors Level 4:
	// https://drafts.csswg.org/css-color/#changes-from-3
	rebeccapurple: 6697881;
	red: 16711680;
	rosybrown: 12357519;
	royalblue: 4286945;
	saddlebrown: 9127187;
	salmon: 16416882;
	sandybrown: 16032864;
	seagreen: 3050327;
	seashell: 16774638;
	sienna: 10506797;
	silver: 12632256;
	skyblue: 8900331;
	slateblue: 6970061;
	slategray: 7372944;
	slategrey: 7372944;
	snow: 16775930;
	springgreen: 65407;
	steelblue: 4620980;
	tan: 13808780;
	teal: 32896;
	thistle: 14204888;
	tomato: 16737095;
	turquoise: 4251856;
	violet: 15631086;
	wheat: 16113331;
	white: 16777215;
	whitesmoke: 16119285;
	yellow: 16776960;
	yellowgreen: 10145074;
};
export declare function parseNamed(color: keyof typeof colorsNamed): Rgb | undefined;
export declare function parseRgb(color: string): Rgb | undefined;
export declare function parseRgbLegacy(color: string): Rgb | undefined;
export declare function parseTransparent(str: "transparent"): {
	mode: "rgb";
	r: 0;
	g: 0;
	b: 0;
	alpha: 0;
} | undefined;
export declare function parseTransparent(str: unknown): undefined;
export declare const modeRgb: {
	mode: "rgb";
	channels: [
		"r",
		"g",
		"b",
		"alpha"
	];
	parse: [
		typeof parseRgb,
		typeof parseHex,
		typeof parseRgbLegacy,
		typeof parseNamed,
		typeof parseTransparent,
		"srgb"
	];
	serialize: "srgb";
	interpolate: {
		r: typeof interpolatorLinear;
		g: typeof interpolatorLinear;
		b: typeof interpolatorLinear;
		alpha: {
			use: typeof interpolatorLinear;
			fixup: typeof fixupAlpha;
		};
	};
};
export interface Xyz65 {
	mode: "xyz65";
	x: number;
	y: number;
	z: number;
	alpha?: number;
}
export interface A98 {
	mode: "a98";
	r: number;
	g: number;
	b: number;
	alpha?: number;
}
export declare function convertA98ToXyz65(color: Omit<A98, "mode">): Xyz65;
export declare function convertXyz65ToA98(color: Omit<Xyz65, "mode">): A98;
export interface A98DefinitionMixin {
	mode: "a98";
	parse: [
		"a98-rgb"
	];
	serialize: "a98-rgb";
	fromMode: {
		rgb: (color: Omit<Rgb, "mode">) => A98;
		xyz65: typeof convertXyz65ToA98;
	};
	toMode: {
		rgb: (color: Omit<A98, "mode">) => Rgb;
		xyz65: typeof convertA98ToXyz65;
	};
}
export declare const modeA98: Omit<typeof modeRgb, keyof A98DefinitionMixin> & A98DefinitionMixin;
export interface Cubehelix {
	mode: "cubehelix";
	h?: number;
	s: number | undefined;
	l: number;
	alpha?: number;
}
export interface Dlab {
	mode: "dlab";
	l: number;
	a: number;
	b: number;
	alpha?: number;
}
export interface Dlch {
	mode: "dlch";
	l: number;
	c: number;
	h?: number;
	alpha?: number;
}
export interface Hsi {
	mode: "hsi";
	h?: number;
	s: number;
	i: number;
	alpha?: number;
}
export interface Hsl {
	mode: "hsl";
	h?: number;
	s: number;
	l: number;
	alpha?: number;
}
export interface Hsv {
	mode: "hsv";
	h?: number;
	s: number;
	v: number;
	alpha?: number;
}
export interface Hwb {
	mode: "hwb";
	h?: number;
	w: number;
	b: number;
	alpha?: number;
}
export interface Itp {
	mode: "itp";
	i: number;
	t: number;
	p: number;
	alpha?: number;
}
export interface Jab {
	mode: "jab";
	j: number;
	a: number;
	b: number;
	alpha?: number;
}
export interface Jch {
	mode: "jch";
	j: number;
	c: number;
	h?: number;
	alpha?: number;
}
export interface Lab {
	mode: "lab";
	l: number;
	a: number;
	b: number;
	alpha?: number;
}
export interface Lab65 {
	mode: "lab65";
	l: number;
	a: number;
	b: number;
	alpha?: number;
}
export interface Lch {
	mode: "lch";
	l: number;
	c: number;
	h?: number;
	alpha?: number;
}
export interface Lch65 {
	mode: "lch65";
	l: number;
	c: number;
	h?: number;
	alpha?: number;
}
export interface Lchuv {
	mode: "lchuv";
	l: number;
	c: number;
	h?: number;
	alpha?: number;
}
export interface Lrgb {
	mode: "lrgb";
	r: number;
	g: number;
	b: number;
	alpha?: number;
}
export interface Luv {
	mode: "luv";
	l: number;
	u: number;
	v: number;
	alpha?: number;
}
export interface Okhsl {
	mode: "okhsl";
	h?: number;
	s: number;
	l: number;
	alpha?: number;
}
export interface Okhsv {
	mode: "okhsv";
	h?: number;
	s: number;
	v: number;
	alpha?: number;
}
export interface Oklab {
	mode: "oklab";
	l: number;
	a: number;
	b: number;
	alpha?: number;
}
export interface Oklch {
	mode: "oklch";
	l: number;
	c: number;
	h?: number;
	alpha?: number;
}
export interface P3 {
	mode: "p3";
	r: number;
	g: number;
	b: number;
	alpha?: number;
}
export interface Prophoto {
	mode: "prophoto";
	r: number;
	g: number;
	b: number;
	alpha?: number;
}
export interface Rec2020 {
	mode: "rec2020";
	r: number;
	g: number;
	b: number;
	alpha?: number;
}
export interface Xyb {
	mode: "xyb";
	x: number;
	y: number;
	b: number;
	alpha?: number;
}
export interface Xyz50 {
	mode: "xyz50";
	x: number;
	y: number;
	z: number;
	alpha?: number;
}
export interface Yiq {
	mode: "yiq";
	y: number;
	i: number;
	q: number;
	alpha?: number;
}
export type Color = A98 | Cubehelix | Dlab | Dlch | Hsi | Hsl | Hsv | Hwb | Itp | Jab | Jch | Lab | Lab65 | Lch | Lch65 | Lchuv | Lrgb | Luv | Okhsl | Okhsv | Oklab | Oklch | P3 | Prophoto | Rec2020 | Rgb | Xyb | Xyz50 | Xyz65 | Yiq;
export type Gamut = P3 | Rec2020 | Rgb;
export type NonEmptyArray<T> = [
	T,
	...T[]
];
export type Mode = Color["mode"];
export type GamutMode = Gamut["mode"];
export type FindColorByMode<M extends Mode, C extends Color = Color> = C extends {
	mode: M;
} ? C : never;
export type TakeColorChannels<M extends Mode> = Omit<FindColorByMode<M>, "mode">;
export type OverridesFunction = (values: number[], channel: string) => number;
export type OverridesObject<M extends Mode> = Partial<{
	[P in keyof TakeColorChannels<M>]: OverridesFunction;
}>;
export interface ConvertFn<M extends Mode = "rgb"> {
	(color: undefined, target_mode?: M): undefined;
	(color: Color, target_mode?: M): FindColorByMode<M>;
	(color: undefined | string | Color, target_mode?: M): FindColorByMode<M> | undefined;
}
export declare function converter(): ConvertFn;
export declare function converter<M extends Mode>(target_mode: M): ConvertFn<M>;
export declare function averageAngle(val: number[]): number;
export declare function averageNumber(val: number[]): number;
export declare function average(colors: NonEmptyArray<Color | string>, mode?: undefined, overrides?: OverridesFunction | OverridesObject<"rgb">): Rgb;
export declare function average<M extends Mode>(colors: NonEmptyArray<Color | string>, mode: M, overrides?: OverridesFunction | OverridesObject<M>): FindColorByMode<M>;
export declare function differenceHueChroma(colorA: {
	h: number;
	c: number;
}, colorB: {
	h: number;
	c: number;
}): number;
export declare function differenceHueSaturation(colorA: {
	h: number;
	s: number;
}, colorB: {
	h: number;
	s: number;
}): number;
export declare function differenceHueNaive(colorA: {
	h: number;
}, colorB: {
	h: number;
}): number;
export type DiffFn = (colorA: Color | string, colorB: Color | string) => number;
export declare function differenceEuclidean(mode?: Mode, weights?: [
	number,
	number,
	number,
	number
]): DiffFn;
export declare function differenceCie76(): DiffFn;
export declare function differenceCie94(kL?: number, K1?: number, K2?: number): DiffFn;
/**
	CIEDE2000 color difference, original Matlab implementation by Gaurav Sharma
	Based on "The CIEDE2000 Color-Difference Formula: Implementation Notes, Supplementary Test Data, and Mathematical Observations"
	by Gaurav Sharma, Wencheng Wu, Edul N. Dalal in Color Research and Application, vol. 30. No. 1, pp. 21-30, February 2005.
	http://www2.ece.rochester.edu/~gsharma/ciede2000/
 */
export declare function differenceCiede2000(Kl?: number, Kc?: number, Kh?: number): DiffFn;
/**
	CMC (l:c) difference formula

	References:
		https://en.wikipedia.org/wiki/Color_difference#CMC_l:c_(1984)
		http://www.brucelindbloom.com/index.html?Eqn_DeltaE_CMC.html
 */
export declare function differenceCmc(l?: number, c?: number): DiffFn;
/**
	HyAB color difference formula, introduced in:

		Abasi S, Amani Tehran M, Fairchild MD.
		"Distance metrics for very large color differences."
		Color Res Appl. 2019; 1–16.
		https://doi.org/10.1002/col.22451

	PDF available at:

		http://markfairchild.org/PDFs/PAP40.pdf
 */
export declare function differenceHyab(): DiffFn;
/**
	"Measuring perceived color difference using YIQ NTSC
	transmission color space in mobile applications"

		by Yuriy Kotsarenko, Fernando Ramos in:
		Programación Matemática y Software (2010)

	Available at:

		http://www.progmat.uaem.mx:8080/artVol2Num2/Articulo3Vol2Num2.pdf
 */
export declare function differenceKotsarenkoRamos(): DiffFn;
/**
	ΔE_ITP, as defined in Rec. ITU-R BT.2124:

	https://www.itu.int/rec/R-REC-BT.2124/en
*/
export declare function differenceItp(): DiffFn;
export declare function fixupHueShorter(arr: number[]): number[];
export declare function fixupHueLonger(arr: number[]): number[];
export declare function fixupHueIncreasing(arr: number[]): number[];
export declare function fixupHueDecreasing(arr: number[]): number[];
export declare function convertCubehelixToRgb(color: Omit<Cubehelix, "mode">): Rgb;
export declare function convertRgbToCubehelix(color: Omit<Rgb, "mode">): Cubehelix;
export declare const modeCubehelix: {
	mode: "cubehelix";
	channels: [
		"h",
		"s",
		"l",
		"alpha"
	];
	parse: [
		"--cubehelix"
	];
	serialize: "--cubehelix";
	ranges: {
		h: [
			0,
			360
		];
		s: [
			0,
			4.614
		];
		l: [
			0,
			1
		];
	};
	fromMode: {
		rgb: typeof convertRgbToCubehelix;
	};
	toMode: {
		rgb: typeof convertCubehelixToRgb;
	};
	interpolate: {
		h: {
			use: typeof interpolatorLinear;
			fixup: typeof fixupHueShorter;
		};
		s: typeof interpolatorLinear;
		l: typeof interpolatorLinear;
		alpha: {
			use: typeof interpolatorLinear;
			fixup: typeof fixupAlpha;
		};
	};
	difference: {
		h: typeof differenceHueSaturation;
	};
	average: {
		h: typeof averageAngle;
	};
};
export declare const modeDlab: {
	mode: "dlab";
	parse: [
		"--din99o-lab"
	];
	serialize: "--din99o-lab";
	toMode: {
		lab65: (c: Omit<Dlab, "mode">) => Lab65;
		rgb: (c: Omit<Dlab, "mode">) => Rgb;
	};
	fromMode: {
		lab65: (c: Omit<Lab65, "mode">) => Dlab;
		rgb: (c: Omit<Rgb, "mode">) => Dlab;
	};
	channels: [
		"l",
		"a",
		"b",
		"alpha"
	];
	ranges: {
		l: [
			0,
			100
		];
		a: [
			-40.09,
			45.501
		];
		b: [
			-40.469,
			44.344
		];
	};
	interpolate: {
		l: typeof interpolatorLinear;
		a: typeof interpolatorLinear;
		b: typeof interpolatorLinear;
		alpha: {
			use: typeof interpolatorLinear;
			fixup: typeof fixupAlpha;
		};
	};
};
export declare function convertDlchToLab65(color: Omit<Dlch, "mode">): Lab65;
export declare function convertLab65ToDlch(color: Omit<Lab65, "mode">): Dlch;
export declare const modeDlch: {
	mode: "dlch";
	parse: [
		"--din99o-lch"
	];
	serialize: "--din99o-lch";
	toMode: {
		lab65: typeof convertDlchToLab65;
		dlab: (c: Omit<Dlch, "mode">) => Dlab;
		rgb: (c: Omit<Dlch, "mode">) => Rgb;
	};
	fromMode: {
		lab65: typeof convertLab65ToDlch;
		dlab: (c: Omit<Dlab, "mode">) => Dlch;
		rgb: (c: Omit<Rgb, "mode">) => Dlch;
	};
	channels: [
		"l",
		"c",
		"h",
		"alpha"
	];
	ranges: {
		l: [
			0,
			100
		];
		c: [
			0,
			51.484
		];
		h: [
			0,
			360
		];
	};
	interpolate: {
		l: typeof interpolatorLinear;
		c: typeof interpolatorLinear;
		h: {
			use: typeof interpolatorLinear;
			fixup: typeof fixupHueShorter;
		};
		alpha: {
			use: typeof interpolatorLinear;
			fixup: typeof fixupAlpha;
		};
	};
	difference: {
		h: typeof differenceHueChroma;
	};
	average: {
		h: typeof averageAngle;
	};
};
/** Based on: https://en.wikipedia.org/wiki/HSL_and_HSV#Converting_to_RGB */
export declare function convertHsiToRgb(color: Omit<Hsi, "mode">): Rgb;
export declare function convertRgbToHsi(color: Omit<Rgb, "mode">): Hsi;
export declare const modeHsi: {
	mode: "hsi";
	toMode: {
		rgb: typeof convertHsiToRgb;
	};
	parse: [
		"--hsi"
	];
	serialize: "--hsi";
	fromMode: {
		rgb: typeof convertRgbToHsi;
	};
	channels: [
		"h",
		"s",
		"i",
		"alpha"
	];
	ranges: {
		h: [
			0,
			360
		];
	};
	interpolate: {
		h: {
			use: typeof interpolatorLinear;
			fixup: typeof fixupHueShorter;
		};
		s: typeof interpolatorLinear;
		i: typeof interpolatorLinear;
		alpha: {
			use: typeof interpolatorLinear;
			fixup: typeof fixupAlpha;
		};
	};
	difference: {
		h: typeof differenceHueSaturation;
	};
	average: {
		h: typeof averageAngle;
	};
};
/** Based on: https://en.wikipedia.org/wiki/HSL_and_HSV#Converting_to_RGB */
export declare function convertHslToRgb(color: Omit<Hsl, "mode">): Rgb;
/** Based on: https://en.wikipedia.org/wiki/HSL_and_HSV#Formal_derivation */
export declare function convertRgbToHsl(color: Omit<Rgb, "mode">): Hsl;
export declare function parseHsl(color: string): Hsl | undefined;
export declare function parseHslLegacy(color: string): Hsl | undefined;
export declare const modeHsl: {
	mode: "hsl";
	toMode: {
		rgb: typeof convertHslToRgb;
	};
	fromMode: {
		rgb: typeof convertRgbToHsl;
	};
	channels: [
		"h",
		"s",
		"l",
		"alpha"
	];
	ranges: {
		h: [
			0,
			360
		];
	};
	gamut: "rgb";
	parse: [
		typeof parseHsl,
		typeof parseHslLegacy
	];
	serialize: (c: Omit<Hsl, "mode">) => string;
	interpolate: {
		h: {
			use: typeof interpolatorLinear;
			fixup: typeof fixupHueShorter;
		};
		s: typeof interpolatorLinear;
		l: typeof interpolatorLinear;
		alpha: {
			use: typeof interpolatorLinear;
			fixup: typeof fixupAlpha;
		};
	};
	difference: {
		h: typeof differenceHueSaturation;
	};
	average: {
		h: typeof averageAngle;
	};
};
export declare function convertHsvToRgb(color: Omit<Hsv, "mode">): Rgb;
export declare function convertRgbToHsv(color: Omit<Rgb, "mode">): Hsv;
export declare const modeHsv: {
	mode: "hsv";
	toMode: {
		rgb: typeof convertHsvToRgb;
	};
	parse: [
		"--hsv"
	];
	serialize: "--hsv";
	fromMode: {
		rgb: typeof convertRgbToHsv;
	};
	channels: [
		"h",
		"s",
		"v",
		"alpha"
	];
	ranges: {
		h: [
			0,
			360
		];
	};
	interpolate: {
		h: {
			use: typeof interpolatorLinear;
			fixup: typeof fixupHueShorter;
		};
		s: typeof interpolatorLinear;
		v: typeof interpolatorLinear;
		alpha: {
			use: typeof interpolatorLinear;
			fixup: typeof fixupAlpha;
		};
	};
	difference: {
		h: typeof differenceHueSaturation;
	};
	average: {
		h: typeof averageAngle;
	};
};
export declare function convertHwbToRgb(color: Omit<Hwb, "mode">): Rgb;
export declare function convertRgbToHwb(color: Omit<Rgb, "mode">): Hwb;
export declare function parseHwb(color: string): Hwb | undefined;
export declare const modeHwb: {
	mode: "hwb";
	toMode: {
		rgb: typeof convertHwbToRgb;
	};
	fromMode: {
		rgb: typeof convertRgbToHwb;
	};
	channels: [
		"h",
		"w",
		"b",
		"alpha"
	];
	ranges: {
		h: [
			0,
			360
		];
	};
	parse: [
		typeof parseHwb
	];
	serialize: (c: Omit<Hwb, "mode">) => string;
	interpolate: {
		h: {
			use: typeof interpolatorLinear;
			fixup: typeof fixupHueShorter;
		};
		w: typeof interpolatorLinear;
		b: typeof interpolatorLinear;
		alpha: {
			use: typeof interpolatorLinear;
			fixup: typeof fixupAlpha;
		};
	};
	difference: {
		h: typeof differenceHueNaive;
	};
	average: {
		h: typeof averageAngle;
	};
};
export declare function convertJabToRgb(color: Omit<Jab, "mode">): Rgb;
export declare function convertJabToXyz65(color: Omit<Jab, "mode">): Xyz65;
export declare function convertRgbToJab(color: Omit<Rgb, "mode">): Jab;
export declare function convertXyz65ToJab(color: Omit<Xyz65, "mode">): Jab;
export declare const modeJab: {
	mode: "jab";
	channels: [
		"j",
		"a",
		"b",
		"alpha"
	];
	parse: [
		"--jzazbz"
	];
	serialize: "--jzazbz";
	fromMode: {
		rgb: typeof convertRgbToJab;
		xyz65: typeof convertXyz65ToJab;
	};
	toMode: {
		rgb: typeof convertJabToRgb;
		xyz65: typeof convertJabToXyz65;
	};
	ranges: {
		j: [
			0,
			0.222
		];
		a: [
			-0.109,
			0.129
		];
		b: [
			-0.185,
			0.134
		];
	};
	interpolate: {
		j: typeof interpolatorLinear;
		a: typeof interpolatorLinear;
		b: typeof interpolatorLinear;
		alpha: {
			use: typeof interpolatorLinear;
			fixup: typeof fixupAlpha;
		};
	};
};
export declare function convertJabToJch(color: Omit<Jab, "mode">): Jch;
export declare function convertJchToJab(color: Omit<Jch, "mode">): Jab;
export declare const modeJch: {
	mode: "jch";
	parse: [
		"--jzczhz"
	];
	serialize: "--jzczhz";
	toMode: {
		jab: typeof convertJchToJab;
		rgb: (c: Omit<Jch, "mode">) => Rgb;
	};
	fromMode: {
		rgb: (c: Omit<Rgb, "mode">) => Jch;
		jab: typeof convertJabToJch;
	};
	channels: [
		"j",
		"c",
		"h",
		"alpha"
	];
	ranges: {
		j: [
			0,
			0.221
		];
		c: [
			0,
			0.19
		];
		h: [
			0,
			360
		];
	};
	interpolate: {
		h: {
			use: typeof interpolatorLinear;
			fixup: typeof fixupHueShorter;
		};
		c: typeof interpolatorLinear;
		j: typeof interpolatorLinear;
		alpha: {
			use: typeof interpolatorLinear;
			fixup: typeof fixupAlpha;
		};
	};
	difference: {
		h: typeof differenceHueChroma;
	};
	average: {
		h: typeof averageAngle;
	};
};
export declare function convertLabToRgb(color: Omit<Lab, "mode">): Rgb;
export declare function convertLabToXyz50(color: Omit<Lab, "mode">): Xyz50;
export declare function convertRgbToLab(color: Omit<Rgb, "mode">): Lab;
export declare function convertXyz50ToLab(color: Omit<Xyz50, "mode">): Lab;
export declare function parseLab(color: string): Lab | undefined;
export declare const modeLab: {
	mode: "lab";
	toMode: {
		xyz50: typeof convertLabToXyz50;
		rgb: typeof convertLabToRgb;
	};
	fromMode: {
		xyz50: typeof convertXyz50ToLab;
		rgb: typeof convertRgbToLab;
	};
	channels: [
		"l",
		"a",
		"b",
		"alpha"
	];
	ranges: {
		l: [
			0,
			100
		];
		a: [
			-79.287,
			93.55
		];
		b: [
			-112.029,
			93.388
		];
	};
	parse: [
		typeof parseLab
	];
	serialize: (c: Omit<Lab, "mode">) => string;
	interpolate: {
		l: typeof interpolatorLinear;
		a: typeof interpolatorLinear;
		b: typeof interpolatorLinear;
		alpha: {
			use: typeof interpolatorLinear;
			fixup: typeof fixupAlpha;
		};
	};
};
export declare function convertLab65ToRgb(color: Omit<Lab65, "mode">): Rgb;
export declare function convertLab65ToXyz65(color: Omit<Lab65, "mode">): Xyz65;
export declare function convertRgbToLab65(color: Omit<Rgb, "mode">): Lab65;
export declare function convertXyz65ToLab65(color: Omit<Xyz65, "mode">): Lab65;
export interface Lab65DefinitionMixin {
	mode: "lab65";
	parse: [
		"--lab-d65"
	];
	serialize: "--lab-d65";
	toMode: {
		xyz65: typeof convertLab65ToXyz65;
		rgb: typeof convertLab65ToRgb;
	};
	fromMode: {
		xyz65: typeof convertXyz65ToLab65;
		rgb: typeof convertRgbToLab65;
	};
	ranges: {
		l: [
			0,
			100
		];
		a: [
			-86.182,
			98.234
		];
		b: [
			-107.86,
			94.477
		];
	};
}
export declare const modeLab65: Omit<typeof modeLab, keyof Lab65DefinitionMixin> & Lab65DefinitionMixin;
export declare function convertLabToLch<M extends "dlch" | "lch65" | "oklch" | "lch" = "lch">(color: Omit<Lab, "mode">, mode?: M): FindColorByMode<M>;
export declare function convertLchToLab(color: Omit<Lch, "mode">): Lab;
export declare function parseLch(color: string): Lch | undefined;
export declare const modeLch: {
	mode: "lch";
	toMode: {
		lab: typeof convertLchToLab;
		rgb: (c: Omit<Lch, "mode">) => Rgb;
	};
	fromMode: {
		rgb: (c: Omit<Rgb, "mode">) => Lch;
		lab: typeof convertLabToLch;
	};
	channels: [
		"l",
		"c",
		"h",
		"alpha"
	];
	ranges: {
		l: [
			0,
			100
		];
		c: [
			0,
			131.207
		];
		h: [
			0,
			360
		];
	};
	parse: [
		typeof parseLch
	];
	serialize: (c: Omit<Lch, "mode">) => string;
	interpolate: {
		h: {
			use: typeof interpolatorLinear;
			fixup: typeof fixupHueShorter;
		};
		c: typeof interpolatorLinear;
		l: typeof interpolatorLinear;
		alpha: {
			use: typeof interpolatorLinear;
			fixup: typeof fixupAlpha;
		};
	};
	difference: {
		h: typeof differenceHueChroma;
	};
	average: {
		h: typeof averageAngle;
	};
};
export interface Lch65DefinitionMixin {
	mode: "lch65";
	parse: [
		"--lch-d65"
	];
	serialize: "--lch-d65";
	toMode: {
		lab65: (c: Omit<Lch, "mode">) => Lab65;
		rgb: (c: Omit<Lch, "mode">) => Rgb;
	};
	fromMode: {
		rgb: (c: Omit<Rgb, "mode">) => Lch65;
		lab65: (c: Omit<Lab65, "mode">) => Lch65;
	};
	ranges: {
		l: [
			0,
			100
		];
		c: [
			0,
			133.807
		];
		h: [
			0,
			360
		];
	};
}
export declare const modeLch65: Omit<typeof modeLch, keyof Lch65DefinitionMixin> & Lch65DefinitionMixin;
export declare function convertRgbToXyz50(rgb: Omit<Rgb, "mode">): Xyz50;
export declare function convertXyz50ToRgb(color: Omit<Xyz50, "mode">): Rgb;
export declare function convertLchuvToLuv(color: Omit<Lchuv, "mode">): Luv;
export declare function convertLuvToLchuv(color: Omit<Luv, "mode">): Lchuv;
export declare const modeLchuv: {
	mode: "lchuv";
	toMode: {
		luv: typeof convertLchuvToLuv;
		rgb: (c: Parameters<typeof convertLchuvToLuv>[0]) => ReturnType<typeof convertXyz50ToRgb>;
	};
	fromMode: {
		rgb: (c: Parameters<typeof convertRgbToXyz50>[0]) => ReturnType<typeof convertLuvToLchuv>;
		luv: typeof convertLuvToLchuv;
	};
	channels: [
		"l",
		"c",
		"h",
		"alpha"
	];
	parse: [
		"--lchuv"
	];
	serialize: "--lchuv";
	ranges: {
		l: [
			0,
			100
		];
		c: [
			0,
			176.956
		];
		h: [
			0,
			360
		];
	};
	interpolate: {
		h: {
			use: typeof interpolatorLinear;
			fixup: typeof fixupHueShorter;
		};
		c: typeof interpolatorLinear;
		l: typeof interpolatorLinear;
		alpha: {
			use: typeof interpolatorLinear;
			fixup: typeof fixupAlpha;
		};
	};
	difference: {
		h: typeof differenceHueChroma;
	};
	average: {
		h: typeof averageAngle;
	};
};
export declare function convertLrgbToRgb<M extends Mode = "rgb">(color: Omit<Lrgb, "mode">, mode?: M): FindColorByMode<M>;
export declare function convertRgbToLrgb(color: Omit<Rgb, "mode">): Lrgb;
export interface LrgbDefinitionMixin {
	mode: "lrgb";
	toMode: {
		rgb: typeof convertLrgbToRgb;
	};
	fromMode: {
		rgb: typeof convertRgbToLrgb;
	};
	parse: [
		"--srgb-linear"
	];
	serialize: "--srgb-linear";
}
export declare const modeLrgb: Omit<typeof modeRgb, keyof LrgbDefinitionMixin> & LrgbDefinitionMixin;
export declare function convertLuvToXyz50(color: Omit<Luv, "mode">): Xyz50;
export declare function convertXyz50ToLuv(color: Omit<Xyz50, "mode">): Luv;
export declare const modeLuv: {
	mode: "luv";
	toMode: {
		xyz50: typeof convertLuvToXyz50;
		rgb: (c: Omit<Luv, "mode">) => Rgb;
	};
	fromMode: {
		xyz50: typeof convertXyz50ToLuv;
		rgb: (c: Omit<Rgb, "mode">) => Luv;
	};
	channels: [
		"l",
		"u",
		"v",
		"alpha"
	];
	parse: [
		"--luv"
	];
	serialize: "--luv";
	ranges: {
		l: [
			0,
			100
		];
		u: [
			-84.936,
			175.042
		];
		v: [
			-125.882,
			87.243
		];
	};
	interpolate: {
		l: typeof interpolatorLinear;
		u: typeof interpolatorLinear;
		v: typeof interpolatorLinear;
		alpha: {
			use: typeof interpolatorLinear;
			fixup: typeof fixupAlpha;
		};
	};
};
export declare function convertOkhslToOklab(hsl: Omit<Okhsl, "mode">): Oklab;
export declare function convertOklabToOkhsl(color: Omit<Oklab, "mode">): Okhsl;
export interface OkhslDefinitionMixin {
	mode: "okhsl";
	channels: [
		"h",
		"s",
		"l",
		"alpha"
	];
	parse: [
		"--okhsl"
	];
	serialize: "--okhsl";
	fromMode: {
		oklab: typeof convertOklabToOkhsl;
		rgb: (c: Omit<Rgb, "mode">) => Okhsl;
	};
	toMode: {
		oklab: typeof convertOkhslToOklab;
		rgb: (c: Omit<Okhsl, "mode">) => Rgb;
	};
}
export declare const modeOkhsl: Omit<typeof modeHsl, keyof OkhslDefinitionMixin> & OkhslDefinitionMixin;
export declare function convertOkhsvToOklab(color: Omit<Okhsv, "mode">): Oklab;
export declare function convertOklabToOkhsv(color: Omit<Oklab, "mode">): Okhsv;
export interface OkhsvDefinitionMixin {
	mode: "okhsv";
	channels: [
		"h",
		"s",
		"v",
		"alpha"
	];
	parse: [
		"--okhsv"
	];
	serialize: "--okhsv";
	fromMode: {
		oklab: typeof convertOklabToOkhsv;
		rgb: (color: Omit<Rgb, "mode">) => Okhsv;
	};
	toMode: {
		oklab: typeof convertOkhsvToOklab;
		rgb: (color: Omit<Okhsv, "mode">) => Rgb;
	};
}
export declare const modeOkhsv: Omit<typeof modeHsv, keyof OkhsvDefinitionMixin> & OkhsvDefinitionMixin;
export declare function convertLrgbToOklab(color: Omit<Lrgb, "mode">): Oklab;
export declare function convertOklabToLrgb(color: Omit<Oklab, "mode">): Lrgb;
export declare function convertOklabToRgb(color: Omit<Oklab, "mode">): Rgb;
export declare function convertRgbToOklab(color: Omit<Rgb, "mode">): Oklab;
export declare function parseOklab(color: string): Oklab | undefined;
export interface OklabDefinitionMixin {
	mode: "oklab";
	toMode: {
		lrgb: typeof convertOklabToLrgb;
		rgb: typeof convertOklabToRgb;
	};
	fromMode: {
		lrgb: typeof convertLrgbToOklab;
		rgb: typeof convertRgbToOklab;
	};
	ranges: {
		l: [
			0,
			1
		];
		a: [
			-0.4,
			0.4
		];
		b: [
			-0.4,
			0.4
		];
	};
	parse: [
		typeof parseOklab
	];
	serialize: (c: Omit<Oklab, "mode">) => string;
}
/**
	Oklab, a perceptual color space for image processing by Björn Ottosson
	Reference: https://bottosson.github.io/posts/oklab/
 */
export declare const modeOklab: Omit<typeof modeLab, keyof OklabDefinitionMixin> & OklabDefinitionMixin;
export declare function parseOklch(color: string): Oklch | undefined;
export interface OklchDefinitionMixin {
	mode: "oklch";
	toMode: {
		oklab: (c: Omit<Oklch, "mode">) => Oklab;
		rgb: (c: Omit<Oklch, "mode">) => Rgb;
	};
	fromMode: {
		rgb: (c: Omit<Rgb, "mode">) => Oklch;
		oklab: (c: Omit<Oklab, "mode">) => Oklch;
	};
	parse: [
		typeof parseOklch
	];
	serialize: (c: Omit<Oklch, "mode">) => string;
	ranges: {
		l: [
			0,
			1
		];
		c: [
			0,
			0.4
		];
		h: [
			0,
			360
		];
	};
}
export declare const modeOklch: Omit<typeof modeLch, keyof OklchDefinitionMixin> & OklchDefinitionMixin;
export declare function convertP3ToXyz65(color: Omit<P3, "mode">): Xyz65;
export declare function convertXyz65ToP3(color: Omit<Xyz65, "mode">): P3;
export interface P3DefinitionMixin {
	mode: "p3";
	parse: [
		"display-p3"
	];
	serialize: "display-p3";
	fromMode: {
		rgb: (color: Omit<Rgb, "mode">) => P3;
		xyz65: typeof convertXyz65ToP3;
	};
	toMode: {
		rgb: (color: Omit<P3, "mode">) => Rgb;
		xyz65: typeof convertP3ToXyz65;
	};
}
export declare const modeP3: Omit<typeof modeRgb, keyof P3DefinitionMixin> & P3DefinitionMixin;
export declare function convertProphotoToXyz50(color: Omit<Prophoto, "mode">): Xyz50;
export declare function convertXyz50ToProphoto(color: Omit<Xyz50, "mode">): Prophoto;
export interface ProphotoDefinitionMixin {
	mode: "prophoto";
	parse: [
		"prophoto-rgb"
	];
	serialize: "prophoto-rgb";
	fromMode: {
		xyz50: typeof convertXyz50ToProphoto;
		rgb: (rgb: Omit<Rgb, "mode">) => Prophoto;
	};
	toMode: {
		xyz50: typeof convertProphotoToXyz50;
		rgb: (rgb: Omit<Prophoto, "mode">) => Rgb;
	};
}
export declare const modeProphoto: Omit<typeof modeRgb, keyof ProphotoDefinitionMixin> & ProphotoDefinitionMixin;
export declare function convertRec2020ToXyz65(color: Omit<Rec2020, "mode">): Xyz65;
export declare function convertXyz65ToRec2020(color: Omit<Xyz65, "mode">): Rec2020;
export interface Rec2020DefinitionMixin {
	mode: "rec2020";
	fromMode: {
		xyz65: typeof convertXyz65ToRec2020;
		rgb: (color: Rgb) => Rec2020;
	};
	toMode: {
		xyz65: typeof convertRec2020ToXyz65;
		rgb: (color: Omit<Rec2020, "mode">) => Rgb;
	};
	parse: [
		"rec2020"
	];
	serialize: "rec2020";
}
export declare const modeRec2020: Omit<typeof modeRgb, keyof Rec2020DefinitionMixin> & Rec2020DefinitionMixin;
export declare const modeXyz50: {
	mode: "xyz50";
	parse: [
		"xyz-d50",
		"--xyz-d50"
	];
	serialize: "xyz-d50";
	toMode: {
		rgb: typeof convertXyz50ToRgb;
		lab: typeof convertXyz50ToLab;
	};
	fromMode: {
		rgb: typeof convertRgbToXyz50;
		lab: typeof convertLabToXyz50;
	};
	channels: [
		"x",
		"y",
		"z",
		"alpha"
	];
	ranges: {
		x: [
			0,
			0.964
		];
		y: [
			0,
			0.999
		];
		z: [
			0,
			0.825
		];
	};
	interpolate: {
		x: typeof interpolatorLinear;
		y: typeof interpolatorLinear;
		z: typeof interpolatorLinear;
		alpha: {
			use: typeof interpolatorLinear;
			fixup: typeof fixupAlpha;
		};
	};
};
export declare function convertRgbToXyz65(color: Omit<Rgb, "mode">): Xyz65;
export declare function convertXyz65ToRgb(color: Omit<Xyz65, "mode">): Rgb;
export declare function convertXyz50ToXyz65(color: Omit<Xyz50, "mode">): Xyz65;
export declare function convertXyz65ToXyz50(color: Omit<Xyz65, "mode">): Xyz50;
export declare const modeXyz65: {
	mode: "xyz65";
	toMode: {
		rgb: typeof convertXyz65ToRgb;
		xyz50: typeof convertXyz65ToXyz50;
	};
	fromMode: {
		rgb: typeof convertRgbToXyz65;
		xyz50: typeof convertXyz50ToXyz65;
	};
	ranges: {
		x: [
			0,
			0.95
		];
		y: [
			0,
			1
		];
		z: [
			0,
			1.088
		];
	};
	channels: [
		"x",
		"y",
		"z",
		"alpha"
	];
	parse: [
		"xyz",
		"xyz-d65",
		"--xyz-d65"
	];
	serialize: "xyz-d65";
	interpolate: {
		x: typeof interpolatorLinear;
		y: typeof interpolatorLinear;
		z: typeof interpolatorLinear;
		alpha: {
			use: typeof interpolatorLinear;
			fixup: typeof fixupAlpha;
		};
	};
};
export declare function convertRgbToYiq(color: Omit<Rgb, "mode">): Yiq;
export declare function convertYiqToRgb(color: Omit<Yiq, "mode">): Rgb;
export declare const modeYiq: {
	mode: "yiq";
	toMode: {
		rgb: typeof convertYiqToRgb;
	};
	fromMode: {
		rgb: typeof convertRgbToYiq;
	};
	channels: [
		"y",
		"i",
		"q",
		"alpha"
	];
	parse: [
		"--yiq"
	];
	serialize: "--yiq";
	ranges: {
		i: [
			-0.595,
			0.595
		];
		q: [
			-0.522,
			0.522
		];
	};
	interpolate: {
		y: typeof interpolatorLinear;
		i: typeof interpolatorLinear;
		q: typeof interpolatorLinear;
		alpha: {
			use: typeof interpolatorLinear;
			fixup: typeof fixupAlpha;
		};
	};
};
export function serializeHex(color: undefined): undefined;
export function serializeHex(color: Omit<Rgb, "alpha">): string;
export function serializeHex8(color: undefined): undefined;
export function serializeHex8(color: Omit<Rgb, "mode">): string;
export function serializeRgb(color: undefined): undefined;
export function serializeRgb(color: Partial<Rgb>): string | undefined;
export function serializeHsl(color: undefined): undefined;
export function serializeHsl(color: Partial<Hsl>): string | undefined;
export function formatCss(c: undefined): undefined;
export function formatCss(c: Color): string;
export function formatCss(c: undefined | string | Color): string | undefined;
export function formatHex(c: undefined): undefined;
export function formatHex(c: Color): string;
export function formatHex(c: undefined | string | Color): string | undefined;
export function formatHex8(c: undefined): undefined;
export function formatHex8(c: Color): string;
export function formatHex8(c: undefined | string | Color): string | undefined;
export function formatRgb(c: undefined): undefined;
export function formatRgb(c: Color): string;
export function formatRgb(c: undefined | string | Color): string | undefined;
export function formatHsl(c: undefined): undefined;
export function formatHsl(c: Color): string;
export function formatHsl(c: undefined | string | Color): string | undefined;
export type BlendTypes = "normal" | "multiply" | "screen" | "hard-light" | "overlay" | "darken" | "lighten" | "color-dodge" | "color-burn" | "soft-light" | "difference" | "exclusion";
export type BlendingFunction = (backdrop: number, source: number) => number;
export declare function blend(colors: NonEmptyArray<Color | string>, type?: BlendTypes | BlendingFunction): Rgb;
export declare function blend<M extends Mode>(colors: Array<Color | string>, type: BlendTypes | BlendingFunction, mode: M): FindColorByMode<M>;
export type NumberOrRange = number | [
	number,
	number
];
export type Constraints<M extends Mode> = Partial<{
	[P in keyof TakeColorChannels<M>]: NumberOrRange;
}>;
export declare function random<M extends Mode>(mode: M, constraints?: Constraints<M>): FindColorByMode<M>;
export declare function random(mode?: undefined, constraints?: Constraints<"rgb">): Rgb;
export type Channel = string;
export type MapFn<M extends Mode> = (v: number, ch: string, conv_color: M extends Mode ? FindColorByMode<M> : Color, mode: M) => number;
export interface ColorToRgbMapper {
	(color: Color): Rgb;
	(color: string): Rgb | undefined;
}
export interface ColorToSameColorMapper {
	<M extends Mode>(color: FindColorByMode<M>): FindColorByMode<M>;
	(color: string): Color | undefined;
}
export interface ColorToPredefinedColorMapper<M extends Mode> {
	(color: Color): FindColorByMode<M>;
	(color: string): FindColorByMode<M> | undefined;
}
export declare function mapper(fn: MapFn<"rgb">, mode?: undefined, preserve_mode?: false): ColorToRgbMapper;
export declare function mapper(fn: MapFn<"rgb">, mode: undefined, preserve_mode: true): ColorToSameColorMapper;
export declare function mapper<M extends Mode>(fn: MapFn<M>, mode: M, preserve_mode?: false): ColorToPredefinedColorMapper<M>;
export declare function mapper<M extends Mode>(fn: MapFn<M>, mode: M, preserve_mode: true): ColorToSameColorMapper;
export declare function mapper(fn: MapFn<Mode>, mode: null, preserve_mode?: false): ColorToSameColorMapper;
export declare function mapAlphaMultiply(v: number, ch: Channel, c: Color): number;
export declare function mapAlphaDivide(v: number, ch: Channel, c: Color): number;
export declare function mapTransferLinear(slope?: number, intercept?: number): (v: number, ch: Channel) => number;
export declare function mapTransferGamma(amplitude?: number, exponent?: number, offset?: number): (v: number, ch: Channel) => number;
export type ColorPosition = [
	Color | string,
	number
];
export type Position = number;
export type PositionFn = (P: number) => number;
export type ColorsParameter = Array<Color | string | Position | ColorPosition | PositionFn>;
export type Interpolator<M extends Mode> = (t: number) => FindColorByMode<M>;
export type InterpolateOverridesWithFixupFnsForChannels<M extends Mode> = {
	[P in keyof TakeColorChannels<M>]: {
		fixup?: (arr: number[]) => number[];
	};
};
export type InterpolateOverridesWithUseFnsForChannels<M extends Mode> = {
	[P in keyof TakeColorChannels<M>]: {
		use?: Interpolator<M>;
	};
};
export type InterpolateOverridesFunction = (values: number[]) => number;
export type InterpolateOverridesParameter<M extends Mode> = InterpolateOverridesWithFixupFnsForChannels<M> | InterpolateOverridesFunction | OverridesObject<M> | InterpolateOverridesWithUseFnsForChannels<M>;
export declare function interpolate<M extends Mode = "rgb">(colors: ColorsParameter, mode?: M, overrides?: InterpolateOverridesParameter<M>): Interpolator<M>;
export declare function interpolateWith<M extends Mode>(premap: MapFn<M>, postmap?: MapFn<M>): (colors: ColorsParameter, mode?: M, overrides?: InterpolateOverridesParameter<M>) => Interpolator<M>;
export declare function interpolateWithPremultipliedAlpha<M extends Mode>(colors: ColorsParameter, mode?: M, overrides?: InterpolateOverridesParameter<M>): Interpolator<M>;
export declare function round(n?: number): <T>(value: T) => T;
// eslint-disable-next-line @definitelytyped/prefer-declare-function
export const interpolatorSplineBasis: (arr: number[]) => (t: number) => number;
// eslint-disable-next-line @definitelytyped/prefer-declare-function
export const interpolatorSplineBasisClosed: (arr: number[]) => (t: number) => number;
// eslint-disable-next-line @definitelytyped/prefer-declare-function
export const interpolatorSplineNatural: (arr: number[]) => (t: number) => number;
// eslint-disable-next-line @definitelytyped/prefer-declare-function
export const interpolatorSplineNaturalClosed: (arr: number[]) => (t: number) => number;
// eslint-disable-next-line @definitelytyped/prefer-declare-function
export const interpolatorSplineMonotone: (arr: number[]) => (t: number) => number;
// eslint-disable-next-line @definitelytyped/prefer-declare-function
export const interpolatorSplineMonotone2: (arr: number[]) => (t: number) => number;
// eslint-disable-next-line @definitelytyped/prefer-declare-function
export const interpolatorSplineMonotoneClosed: (arr: number[]) => (t: number) => number;
/**
 * Returns whether the color is in the sRGB gamut.
 */
export function displayable(color: Color | string): boolean;
/**
 * Given a color space `mode`, returns a function
 * with which to check whether a color is
 * in that color space's gamut.
 */
export function inGamut(mode?: Mode): (color: Color | string) => boolean;
/**
 * Obtain a color that's in the sRGB gamut
 * by converting it to sRGB and clipping the channel values
 * so that they're within the [0, 1] range.
 *
 * The result is returned in the color's original color space.
 */
export function clampRgb(color: string): Color | undefined;
export function clampRgb<C extends Color>(color: C): C;
/**
 * Given the `mode` color space, returns a function
 * with which to obtain a color that's in gamut for
 * the `mode` color space by clipping the channel values
 * so that they fit in their respective ranges.
 *
 * It's similar to `clampRgb`, but works for any
 * bounded color space (RGB or not) for which
 * any combination of in-range channel values
 * produces an in-gamut color.
 */
export function clampGamut<M extends Mode = "rgb">(mode?: M): (color: Color | string) => FindColorByMode<M> | undefined;
/**
 * Obtain a color that’s in a RGB gamut (by default sRGB)
 * by first converting it to `mode` and then finding
 * the greatest chroma value that fits the gamut.
 *
 * By default, the CIELCh color space is used,
 * but any color that has a chroma component will do.
 *
 * The result is returned in the color's original color space.
 */
export function clampChroma(color: string, mode?: Mode, rgbGamut?: GamutMode): Color | undefined;
export function clampChroma<C extends Color>(color: C, mode?: Mode, rgbGamut?: GamutMode): C;
/**
 * Obtain a color that's in the `dest` gamut,
 * by first converting it to the `mode` color space
 * and then finding the largest chroma that's in gamut,
 * similar to `clampChroma`.
 *
 * The color returned is in the `dest` color space.
 *
 * To address the shortcomings of `clampChroma`, which can
 * sometimes produce colors more desaturated than necessary,
 * the test used in the binary search is replaced with
 * "is color is roughly in gamut", by comparing the candidate
 * to the clipped version (obtained with `clampGamut`).
 * The test passes if the colors are not too dissimilar,
 * judged by the `delta` color difference function
 * and an associated `jnd` just-noticeable difference value.
 *
 * The default arguments for this function correspond to the
 * gamut mapping algorithm defined in CSS Color Level 4:
 * https://drafts.csswg.org/css-color/#css-gamut-mapping
 *
 * To disable the “roughly in gamut” part, pass either
 * `null` for the `delta` parameter, or zero for `jnd`.
 */
export function toGamut<M extends Mode>(dest: M, mode: Mode, delta?: number | null, jnd?: number): (color: string | Color) => FindColorByMode<M>;
export declare function lerp(a: number, b: number, t: number): number;
export declare function unlerp(a: number, b: number, v: number): number;
export declare function blerp(a00: number, a01: number, a10: number, a11: number, tx: number, ty: number): number;
export declare function trilerp(a000: number, a010: number, a100: number, a110: number, a001: number, a011: number, a101: number, a111: number, tx: number, ty: number, tz: number): number;
export declare function convertRgbToXyb(rgb: Omit<Rgb, "mode">): Xyb;
export declare function convertXybToRgb(color: Omit<Xyb, "mode">): Rgb;
export declare const modeXyb: {
	mode: "xyb";
	parse: [
		"xyz-d50",
		"--xyz-d50"
	];
	serialize: "xyz-d50";
	toMode: {
		rgb: typeof convertXybToRgb;
	};
	fromMode: {
		rgb: typeof convertRgbToXyb;
	};
	channels: [
		"x",
		"y",
		"z",
		"alpha"
	];
	ranges: {
		x: [
			0,
			0.964
		];
		y: [
			0,
			0.999
		];
		z: [
			0,
			0.825
		];
	};
	interpolate: {
		x: typeof interpolatorLinear;
		y: typeof interpolatorLinear;
		b: typeof interpolatorLinear;
		alpha: {
			use: typeof interpolatorLinear;
			fixup: typeof fixupAlpha;
		};
	};
};
export type Definition = typeof modeA98 | typeof modeCubehelix | typeof modeDlab | typeof modeDlch | typeof modeHsi | typeof modeHsl | typeof modeHsv | typeof modeHwb | typeof modeJab | typeof modeItp | typeof modeJch | typeof modeLab | typeof modeLab65 | typeof modeLch | typeof modeLch65 | typeof modeLchuv | typeof modeLrgb | typeof modeLuv | typeof modeOkhsl | typeof modeOkhsv | typeof modeOklab | typeof modeOklch | typeof modeP3 | typeof modeProphoto | typeof modeRec2020 | typeof modeRgb | typeof modeXyb | typeof modeXyz50 | typeof modeXyz65 | typeof modeYiq;
export type FindDefinitionByMode<M extends Mode, D extends Definition = Definition> = D extends {
	mode: M;
} ? D : never;
export declare function useMode<D extends Definition>(_definition: D): ConvertFn<D["mode"]>;
export declare function getMode<M extends Mode>(mode: M): FindDefinitionByMode<M>;
export type ParserFn = (c: string) => Color;
export declare function useParser(_parser: string, mode: Mode): undefined;
export declare function useParser(_parser: ParserFn, mode?: Mode): undefined;
export declare function removeParser(_parser: string | ParserFn): undefined;
export type PositiveNumber = number;
export declare function nearest<T>(colors: T[], metric?: DiffFn, accessor?: (c: T) => Color | string): (color: Color | string, n?: number, τ?: PositiveNumber) => T[];
export declare function parse(color: string): Color | undefined;
export declare function samples(n: number, y?: number): number[];
export declare function filterBrightness(amount?: number, mode?: Mode): ColorToSameColorMapper;
export declare function filterContrast(amount?: number, mode?: Mode): ColorToSameColorMapper;
export declare function filterSepia(amount?: number, mode?: Mode): ColorToSameColorMapper;
export declare function filterSaturate(amount?: number, mode?: Mode): ColorToSameColorMapper;
export declare function filterGrayscale(amount?: number, mode?: Mode): ColorToSameColorMapper;
export declare function filterInvert(amount?: number, mode?: Mode): ColorToSameColorMapper;
export declare function filterHueRotate(degress?: number, mode?: Mode): ColorToSameColorMapper;
export declare function filterDeficiencyProt(severity?: number): <C extends Color>(color: C) => C;
export declare function filterDeficiencyDeuter(severity?: number): <C extends Color>(color: C) => C;
export declare function filterDeficiencyTrit(severity?: number): <C extends Color>(color: C) => C;
export declare function easingGamma(y: number): (t: number) => number;
export declare function easingInOutSine(t: number): number;
export declare function easingMidpoint(H?: number): (t: number) => number;
export declare function easingSmootherstep(t: number): number;
/**
	Smoothstep easing function and its inverse
	Reference: https://en.wikipedia.org/wiki/Smoothstep
 */
export declare function easingSmoothstep(t: number): number;
export declare function easingSmoothstepInverse(t: number): number;
export declare function wcagLuminance(color: Color | string): number;
export declare function wcagContrast(colorA: Color | string, colorB: Color | string): number;
export declare function convertItpToXyz65(color: Omit<Itp, "mode">): Xyz65;
export declare function convertXyz65ToItp(color: Omit<Xyz65, "mode">): Itp;
export declare const modeItp: {
	mode: "itp";
	channels: [
		"i",
		"t",
		"p",
		"alpha"
	];
	parse: [
		"--ictcp"
	];
	serialize: "--ictcp";
	toMode: {
		xyz65: typeof convertItpToXyz65;
		rgb: typeof convertXyz65ToRgb;
	};
	fromMode: {
		xyz65: typeof convertXyz65ToItp;
		rgb: typeof convertXyz65ToItp;
	};
	ranges: {
		i: [
			0,
			0.581
		];
		t: [
			-0.369,
			0.272
		];
		p: [
			-0.164,
			0.331
		];
	};
	interpolate: {
		i: typeof interpolatorLinear;
		t: typeof interpolatorLinear;
		p: typeof interpolatorLinear;
		alpha: {
			use: typeof interpolatorLinear;
			fixup: typeof fixupAlpha;
		};
	};
};
export const a98: ConvertFn<"a98">;
export const cubehelix: ConvertFn<"cubehelix">;
export const dlab: ConvertFn<"dlab">;
export const dlch: ConvertFn<"dlch">;
export const hsi: ConvertFn<"hsi">;
export const hsl: ConvertFn<"hsl">;
export const hsv: ConvertFn<"hsv">;
export const hwb: ConvertFn<"hwb">;
export const itp: ConvertFn<"itp">;
export const jab: ConvertFn<"jab">;
export const jch: ConvertFn<"jch">;
export const lab: ConvertFn<"lab">;
export const lab65: ConvertFn<"lab65">;
export const lch: ConvertFn<"lch">;
export const lch65: ConvertFn<"lch65">;
export const lchuv: ConvertFn<"lchuv">;
export const lrgb: ConvertFn<"lrgb">;
export const luv: ConvertFn<"luv">;
export const okhsl: ConvertFn<"okhsl">;
export const okhsv: ConvertFn<"okhsv">;
export const oklab: ConvertFn<"oklab">;
export const oklch: ConvertFn<"oklch">;
export const p3: ConvertFn<"p3">;
export const prophoto: ConvertFn<"prophoto">;
export const rec2020: ConvertFn<"rec2020">;
export const rgb: ConvertFn<"rgb">;
export const xyb: ConvertFn<"xyb">;
export const xyz50: ConvertFn<"xyz50">;
export const xyz65: ConvertFn<"xyz65">;
export const yiq: ConvertFn<"yiq">;

export {};
