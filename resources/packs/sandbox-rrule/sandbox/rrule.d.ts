// The declarations of rrule@2.8.1, bundled by resources/packs/vendor.py with dts-bundle-generator@9.5.1.
export declare type WeekdayStr = "MO" | "TU" | "WE" | "TH" | "FR" | "SA" | "SU";
export declare const ALL_WEEKDAYS: WeekdayStr[];
export declare class Weekday {
	readonly weekday: number;
	readonly n?: number;
	constructor(weekday: number, n?: number);
	static fromStr(str: WeekdayStr): Weekday;
	nth(n: number): Weekday;
	equals(other: Weekday): boolean;
	toString(): string;
	getJsWeekday(): number;
}
export interface QueryMethods {
	all(): Date[];
	between(after: Date, before: Date, inc: boolean): Date[];
	before(date: Date, inc: boolean): Date | null;
	after(date: Date, inc: boolean): Date | null;
}
export declare type QueryMethodTypes = keyof QueryMethods;
export declare type IterResultType<M extends QueryMethodTypes> = M extends "all" | "between" ? Date[] : Date | null;
export declare enum Frequency {
	YEARLY = 0,
	MONTHLY = 1,
	WEEKLY = 2,
	DAILY = 3,
	HOURLY = 4,
	MINUTELY = 5,
	SECONDLY = 6
}
export interface Options {
	freq: Frequency;
	dtstart: Date | null;
	interval: number;
	wkst: Weekday | number | null;
	count: number | null;
	until: Date | null;
	tzid: string | null;
	bysetpos: number | number[] | null;
	bymonth: number | number[] | null;
	bymonthday: number | number[] | null;
	bynmonthday: number[] | null;
	byyearday: number | number[] | null;
	byweekno: number | number[] | null;
	byweekday: ByWeekday | ByWeekday[] | null;
	bynweekday: number[][] | null;
	byhour: number | number[] | null;
	byminute: number | number[] | null;
	bysecond: number | number[] | null;
	byeaster: number | null;
}
export interface ParsedOptions extends Options {
	dtstart: Date;
	wkst: number;
	bysetpos: number[];
	bymonth: number[];
	bymonthday: number[];
	bynmonthday: number[];
	byyearday: number[];
	byweekno: number[];
	byweekday: number[];
	byhour: number[];
	byminute: number[];
	bysecond: number[];
}
export declare type ByWeekday = WeekdayStr | number | Weekday;
export interface IterArgs {
	inc: boolean;
	before: Date;
	after: Date;
	dt: Date;
	_value: Date | Date[] | null;
}
declare class IterResult<M extends QueryMethodTypes> {
	readonly method: M;
	readonly args: Partial<IterArgs>;
	readonly minDate: Date | null;
	readonly maxDate: Date | null;
	_result: Date[];
	total: number;
	constructor(method: M, args: Partial<IterArgs>);
	/**
	 * Possibly adds a date into the result.
	 *
	 * @param {Date} date - the date isn't necessarly added to the result
	 * list (if it is too late/too early)
	 * @return {Boolean} true if it makes sense to continue the iteration
	 * false if we're done.
	 */
	accept(date: Date): boolean;
	/**
	 *
	 * @param {Date} date that is part of the result.
	 * @return {Boolean} whether we are interested in more values.
	 */
	add(date: Date): boolean;
	/**
	 * 'before' and 'after' return only one date, whereas 'all'
	 * and 'between' an array.
	 *
	 * @return {Date,Array?}
	 */
	getValue(): IterResultType<M>;
	clone(): IterResult<M>;
}
export interface Language {
	dayNames: string[];
	monthNames: string[];
	tokens: {
		[k: string]: RegExp;
	};
}
export declare type GetText = (id: string | number | Weekday) => string;
export declare type DateFormatter = (year: number, month: string, day: number) => string;
declare function parseString(rfcString: string): Partial<Options>;
declare function optionsToString(options: Partial<Options>): string;
export declare type CacheKeys = "before" | "after" | "between";
declare class Cache$1 {
	all: Date[] | Partial<IterArgs> | false;
	before: IterArgs[];
	after: IterArgs[];
	between: IterArgs[];
	/**
	 * @param {String} what - all/before/after/between
	 * @param {Array,Date} value - an array of dates, one date, or null
	 * @param {Object?} args - _iter arguments
	 */
	_cacheAdd(what: CacheKeys | "all", value: Date[] | Date | null, args?: Partial<IterArgs>): void;
	/**
	 * @return false - not in the cache
	 * @return null  - cached, but zero occurrences (before/after)
	 * @return Date  - cached (before/after)
	 * @return []    - cached, but zero occurrences (all/between)
	 * @return [Date1, DateN] - cached (all/between)
	 */
	_cacheGet(what: CacheKeys | "all", args?: Partial<IterArgs>): Date | Date[] | false | null;
}
/**
 *
 * @param {Options?} options - see <http://labix.org/python-dateutil/#head-cf004ee9a75592797e076752b2a889c10f445418>
 * - The only required option is `freq`, one of RRule.YEARLY, RRule.MONTHLY, ...
 * @constructor
 */
export declare class RRule implements QueryMethods {
	_cache: Cache$1 | null;
	origOptions: Partial<Options>;
	options: ParsedOptions;
	static readonly FREQUENCIES: (keyof typeof Frequency)[];
	static readonly YEARLY = Frequency.YEARLY;
	static readonly MONTHLY = Frequency.MONTHLY;
	static readonly WEEKLY = Frequency.WEEKLY;
	static readonly DAILY = Frequency.DAILY;
	static readonly HOURLY = Frequency.HOURLY;
	static readonly MINUTELY = Frequency.MINUTELY;
	static readonly SECONDLY = Frequency.SECONDLY;
	static readonly MO: Weekday;
	static readonly TU: Weekday;
	static readonly WE: Weekday;
	static readonly TH: Weekday;
	static readonly FR: Weekday;
	static readonly SA: Weekday;
	static readonly SU: Weekday;
	constructor(options?: Partial<Options>, noCache?: boolean);
	static parseText(text: string, language?: Language): Partial<Options>;
	static fromText(text: string, language?: Language): RRule;
	static parseString: typeof parseString;
	static fromString(str: string): RRule;
	static optionsToString: typeof optionsToString;
	protected _iter<M extends QueryMethodTypes>(iterResult: IterResult<M>): IterResultType<M>;
	private _cacheGet;
	_cacheAdd(what: CacheKeys | "all", value: Date[] | Date | null, args?: Partial<IterArgs>): void;
	/**
	 * @param {Function} iterator - optional function that will be called
	 * on each date that is added. It can return false
	 * to stop the iteration.
	 * @return Array containing all recurrences.
	 */
	all(iterator?: (d: Date, len: number) => boolean): Date[];
	/**
	 * Returns all the occurrences of the rrule between after and before.
	 * The inc keyword defines what happens if after and/or before are
	 * themselves occurrences. With inc == True, they will be included in the
	 * list, if they are found in the recurrence set.
	 *
	 * @return Array
	 */
	between(after: Date, before: Date, inc?: boolean, iterator?: (d: Date, len: number) => boolean): Date[];
	/**
	 * Returns the last recurrence before the given datetime instance.
	 * The inc keyword defines what happens if dt is an occurrence.
	 * With inc == True, if dt itself is an occurrence, it will be returned.
	 *
	 * @return Date or null
	 */
	before(dt: Date, inc?: boolean): Date | null;
	/**
	 * Returns the first recurrence after the given datetime instance.
	 * The inc keyword defines what happens if dt is an occurrence.
	 * With inc == True, if dt itself is an occurrence, it will be returned.
	 *
	 * @return Date or null
	 */
	after(dt: Date, inc?: boolean): Date | null;
	/**
	 * Returns the number of recurrences in this set. It will have go trough
	 * the whole recurrence, if this hasn't been done before.
	 */
	count(): number;
	/**
	 * Converts the rrule into its string representation
	 *
	 * @see <http://www.ietf.org/rfc/rfc2445.txt>
	 * @return String
	 */
	toString(): string;
	/**
	 * Will convert all rules described in nlp:ToText
	 * to text.
	 */
	toText(gettext?: GetText, language?: Language, dateFormatter?: DateFormatter): string;
	isFullyConvertibleToText(): boolean;
	/**
	 * @return a RRule instance with the same freq and options
	 * as this one (cache is not cloned)
	 */
	clone(): RRule;
}
export declare class RRuleSet extends RRule {
	readonly _rrule: RRule[];
	readonly _rdate: Date[];
	readonly _exrule: RRule[];
	readonly _exdate: Date[];
	private _dtstart?;
	private _tzid?;
	/**
	 *
	 * @param {Boolean?} noCache
	 * The same stratagy as RRule on cache, default to false
	 * @constructor
	 */
	constructor(noCache?: boolean);
	dtstart: any;
	tzid: any;
	_iter<M extends QueryMethodTypes>(iterResult: IterResult<M>): IterResultType<M>;
	/**
	 * Adds an RRule to the set
	 *
	 * @param {RRule}
	 */
	rrule(rrule: RRule): void;
	/**
	 * Adds an EXRULE to the set
	 *
	 * @param {RRule}
	 */
	exrule(rrule: RRule): void;
	/**
	 * Adds an RDate to the set
	 *
	 * @param {Date}
	 */
	rdate(date: Date): void;
	/**
	 * Adds an EXDATE to the set
	 *
	 * @param {Date}
	 */
	exdate(date: Date): void;
	/**
	 * Get list of included rrules in this recurrence set.
	 *
	 * @return List of rrules
	 */
	rrules(): (RRule | RRuleSet)[];
	/**
	 * Get list of excluded rrules in this recurrence set.
	 *
	 * @return List of exrules
	 */
	exrules(): (RRule | RRuleSet)[];
	/**
	 * Get list of included datetimes in this recurrence set.
	 *
	 * @return List of rdates
	 */
	rdates(): Date[];
	/**
	 * Get list of included datetimes in this recurrence set.
	 *
	 * @return List of exdates
	 */
	exdates(): Date[];
	valueOf(): string[];
	/**
	 * to generate recurrence field such as:
	 * DTSTART:19970902T010000Z
	 * RRULE:FREQ=YEARLY;COUNT=2;BYDAY=TU
	 * RRULE:FREQ=YEARLY;COUNT=1;BYDAY=TH
	 */
	toString(): string;
	/**
	 * Create a new RRuleSet Object completely base on current instance
	 */
	clone(): RRuleSet;
}
export interface RRuleStrOptions {
	dtstart: Date | null;
	cache: boolean;
	unfold: boolean;
	forceset: boolean;
	compatible: boolean;
	tzid: string | null;
}
export declare function rrulestr(s: string, options?: Partial<RRuleStrOptions>): RRule | RRuleSet;
export declare const datetime: (y: number, m: number, d: number, h?: number, i?: number, s?: number) => Date;

export {};
