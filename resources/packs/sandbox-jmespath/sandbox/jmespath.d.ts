// The declarations of @types/jmespath@0.15.2, bundled by resources/packs/vendor.py with dts-bundle-generator@9.5.1.
/**
 * Take a JSON document and transform it into another JSON document
 * through a JMESPath expression.  See: http://jmespath.org/
 * @param jsonDoc the document to transform
 * @param query a JMESPath expression
 * @return the transformed document
 */
export function search(jsonDoc: any, query: string): any;
/** The expression's syntax tree, to search with repeatedly. */
export declare function compile(expression: string): any;
/** The expression's tokens. */
export declare function tokenize(expression: string): any[];
/** Whether two JSON values are equal as JMESPath compares them. */
export declare function strictDeepEqual(first: unknown, second: unknown): boolean;
declare const jmespath: {
	search: typeof search;
	compile: typeof compile;
	tokenize: typeof tokenize;
	strictDeepEqual: typeof strictDeepEqual;
};

export {
	jmespath as default,
};

export {};
