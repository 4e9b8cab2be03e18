// The declarations of simple-statistics@7.12.1, bundled by resources/packs/vendor.py with dts-bundle-generator@9.5.1.
/**
 * https://simple-statistics.github.io/docs/#addtomean
 */
export declare function addToMean(mean: number, n: number, newValue: number): number;
/**
 * https://simple-statistics.github.io/docs/#chunk
 */
export declare function chunk<T>(x: readonly T[], chunkSize: number): T[][];
/**
 * https://simple-statistics.github.io/docs/#ckmeans
 */
export declare function ckmeans(x: readonly number[], nClusters: number): number[][];
/**
 * https://simple-statistics.github.io/docs/#coefficientofvariation
 */
export declare function coefficientOfVariation(x: readonly number[]): number;
/**
 * https://simple-statistics.github.io/docs/#combinations
 */
export declare function combinations<T>(x: readonly T[], k: number): T[][];
/**
 * https://simple-statistics.github.io/docs/#combinationsreplacement
 */
export declare function combinationsReplacement<T>(x: readonly T[], k: number): T[][];
/**
 * https://simple-statistics.github.io/docs/#combinemeans
 */
export declare function combineMeans(mean1: number, n1: number, mean2: number, n2: number): number;
/**
 * https://simple-statistics.github.io/docs/#combinevariances
 */
export declare function combineVariances(variance1: number, mean1: number, n1: number, variance2: number, mean2: number, n2: number): number;
/**
 * https://simple-statistics.github.io/docs/#equalintervalbreaks
 */
export declare function equalIntervalBreaks(x: readonly number[], nClasses: number): number[];
/**
 * https://simple-statistics.github.io/docs/#extent
 */
export declare function extent(x: readonly number[]): [
	number,
	number
];
/**
 * https://simple-statistics.github.io/docs/#extent_sorted
 */
export declare function extentSorted(x: readonly number[]): [
	number,
	number
];
/**
 * https://simple-statistics.github.io/docs/#geometricmean
 */
export declare function geometricMean(x: readonly number[]): number;
/**
 * https://simple-statistics.github.io/docs/#harmonicmean
 */
export declare function harmonicMean(x: readonly number[]): number;
/**
 * https://simple-statistics.github.io/docs/#interquartilerange
 */
export declare function interquartileRange(x: readonly number[]): number;
/**
 * https://simple-statistics.github.io/docs/#jenks
 */
export declare function jenks(data: readonly number[], nClasses: number): number[] | null;
/**
 * https://simple-statistics.github.io/docs/#linearregression
 */
export declare function linearRegression(data: readonly number[][]): {
	m: number;
	b: number;
};
/**
 * https://simple-statistics.github.io/docs/#linearregressionline
 */
export declare function linearRegressionLine(mb: {
	b: number;
	m: number;
}): (x: number) => number;
/**
 * https://simple-statistics.github.io/docs/#log_average
 */
export declare function logAverage(x: readonly number[]): number;
/**
 * https://simple-statistics.github.io/docs/#max
 */
export declare function max(x: readonly number[]): number;
/**
 * https://simple-statistics.github.io/docs/#maxsorted
 */
export declare function maxSorted(x: readonly number[]): number;
/**
 * https://simple-statistics.github.io/docs/#mean
 */
export declare function mean(x: readonly number[]): number;
/**
 * https://simple-statistics.github.io/docs/#mean
 */
export declare function meanSimple(x: readonly number[]): number;
/**
 * https://simple-statistics.github.io/docs/#median
 */
export declare function median(x: readonly number[]): number;
/**
 * https://simple-statistics.github.io/docs/#medianabsolutedeviation
 */
export declare function medianAbsoluteDeviation(x: readonly number[]): number;
/**
 * https://simple-statistics.github.io/docs/#mediansorted
 */
export declare function medianSorted(sorted: readonly number[]): number;
/**
 * https://simple-statistics.github.io/docs/#min
 */
export declare function min(x: readonly number[]): number;
/**
 * https://simple-statistics.github.io/docs/#minsorted
 */
export declare function minSorted(x: readonly number[]): number;
/**
 * https://simple-statistics.github.io/docs/#mode
 */
export declare function mode(x: readonly number[]): number;
/**
 * https://simple-statistics.github.io/docs/#modefast
 */
export declare function modeFast<T>(x: T[]): T;
/**
 * https://simple-statistics.github.io/docs/#modesorted
 */
export declare function modeSorted(sorted: readonly number[]): number;
/**
 * https://simple-statistics.github.io/docs/#permutationsheap
 */
export declare function permutationsHeap<T extends any[]>(elements: T): T[];
/**
 * https://simple-statistics.github.io/docs/#product
 */
export declare function product(x: readonly number[]): number;
/**
 * https://simple-statistics.github.io/docs/#quantile
 */
export declare function quantile(x: readonly number[], p: number): number;
export declare function quantile(x: readonly number[], p: readonly number[]): number[];
/**
 * https://simple-statistics.github.io/docs/#quantilerank
 */
export declare function quantileRank(x: readonly number[], value: number): number;
/**
 * https://simple-statistics.github.io/docs/#quantileranksorted
 */
export declare function quantileRankSorted(x: readonly number[], value: number): number;
/**
 * https://simple-statistics.github.io/docs/#quantilesorted
 */
export declare function quantileSorted(x: readonly number[], p: number): number;
/**
 * https://simple-statistics.github.io/docs/#rsquared
 */
export declare function rSquared(x: readonly number[][], func: (x: number) => number): number;
/**
 * https://simple-statistics.github.io/docs/#rootmeansquare
 */
export declare function rootMeanSquare(x: readonly number[]): number;
/**
 * https://simple-statistics.github.io/docs/#scaledrootmeansquare
 */
export declare function scaledRootMeanSquare(x: readonly number[]): number;
/**
 * https://simple-statistics.github.io/docs/#sample
 */
export declare function sample<T>(x: T[], n: number, randomSource: () => number): T[];
/**
 * https://simple-statistics.github.io/docs/#samplecorrelation
 */
export declare function sampleCorrelation(x: readonly number[], y: readonly number[]): number;
/**
 * https://simple-statistics.github.io/docs/#samplecovariance
 */
export declare function sampleCovariance(x: readonly number[], y: readonly number[]): number;
/**
 * https://simple-statistics.github.io/docs/#samplekurtosis
 */
export declare function sampleKurtosis(x: readonly number[]): number;
/**
 * https://simple-statistics.github.io/docs/#samplerankcorrelation
 */
export declare function sampleRankCorrelation(x: readonly number[], y: readonly number[]): number;
/**
 * https://simple-statistics.github.io/docs/#sampleskewness
 */
export declare function sampleSkewness(x: readonly number[], biased?: boolean): number;
/**
 * https://simple-statistics.github.io/docs/#samplestandarddeviation
 */
export declare function sampleStandardDeviation(x: readonly number[]): number;
/**
 * https://simple-statistics.github.io/docs/#samplevariance
 */
export declare function sampleVariance(x: readonly number[]): number;
/**
 * https://simple-statistics.github.io/docs/#samplewithreplacement
 */
export declare function sampleWithReplacement<T>(x: T[], n: number, randomSource?: () => number): T[];
/**
 * https://simple-statistics.github.io/docs/#shuffle
 */
export declare function shuffle<T extends any[]>(x: T, randomSource?: () => number): T;
/**
 * https://simple-statistics.github.io/docs/#shuffleinplace
 */
export declare function shuffleInPlace<T extends any[]>(x: T, randomSource?: () => number): T;
/**
 * https://simple-statistics.github.io/docs/#standarddeviation
 */
export declare function standardDeviation(x: readonly number[]): number;
/**
 * https://simple-statistics.github.io/docs/#subtractfrommean
 */
export declare function subtractFromMean(mean: number, n: number, value: number): number;
/**
 * https://simple-statistics.github.io/docs/#sum
 */
export declare function sum(x: readonly number[]): number;
/**
 * https://simple-statistics.github.io/docs/#sumnthpowerdeviations
 */
export declare function sumNthPowerDeviations(x: readonly number[], n?: number): number;
/**
 * https://simple-statistics.github.io/docs/#sumsimple
 */
export declare function sumSimple(x: readonly number[]): number;
/**
 * https://simple-statistics.github.io/docs/#ttest
 */
export declare function tTest(x: readonly number[], expectedValue: number): number;
/**
 * https://simple-statistics.github.io/docs/#ttesttwosample
 */
export declare function tTestTwoSample(sampleX: readonly number[], sampleY: readonly number[], difference?: number): number | null;
/**
 * https://simple-statistics.github.io/docs/#uniquecountsorted
 */
export declare function uniqueCountSorted(x: any[]): number;
/**
 * https://simple-statistics.github.io/docs/#variance
 */
export declare function variance(x: readonly number[]): number;
/**
 * https://simple-statistics.github.io/docs/#weightedlinearregression
 */
export declare function weightedLinearRegression(data: readonly (readonly number[])[], weights: readonly number[]): {
	m: number;
	b: number;
};
/**
 * https://simple-statistics.github.io/docs/#weightedmean
 */
export declare function weightedMean(x: readonly number[], weights: readonly number[]): number;
/**
 * https://simple-statistics.github.io/docs/#weightedquantile
 */
export declare function weightedQuantile(x: readonly number[], weights: readonly number[], p: number): number;
export declare function weightedQuantile(x: readonly number[], weights: readonly number[], p: readonly number[]): number[];
/**
 * https://simple-statistics.github.io/docs/#weightedstandarddeviation
 */
export declare function weightedStandardDeviation(x: readonly number[], weights: readonly number[]): number;
/**
 * https://simple-statistics.github.io/docs/#weightedvariance
 */
export declare function weightedVariance(x: readonly number[], weights: readonly number[]): number;
/**
 * https://simple-statistics.github.io/docs/#wilcoxonranksum
 */
export declare function wilcoxonRankSum(sampleX: readonly number[], sampleY: readonly number[]): number;
/**
 * https://simple-statistics.github.io/docs/#approx_strict_equal
 */
export declare function approxEqual(actual: number, expected: number, tolerance?: number): boolean;
export type Data = object;
export type Item = object;
export type OddsSums = object;
/**
 * https://simple-statistics.github.io/docs/#bayesianclassifier
 */
export declare class BayesianClassifier {
	public totalCount: number;
	public data: Data;
	train(item: Item, category: string): void;
	score(item: Item): OddsSums;
}
/**
 * https://simple-statistics.github.io/docs/#bernoullidistribution
 */
export declare function bernoulliDistribution(p: number): number[];
/**
 * https://simple-statistics.github.io/docs/#binomialdistribution
 */
export declare function binomialDistribution(trials: number, probability: number): number[] | undefined;
/**
 * https://simple-statistics.github.io/docs/#bisect
 */
export declare function bisect(func: (x: any) => number, start: number, end: number, maxIterations: number, errorTolerance: number): number;
export interface DistributionTable {
	0.995: number;
	0.99: number;
	0.975: number;
	0.95: number;
	0.9: number;
	0.5: number;
	0.1: number;
	0.05: number;
	0.025: number;
	0.01: number;
	0.005: number;
}
/**
 * https://simple-statistics.github.io/docs/#chisquareddistributiontable
 */
export declare const chiSquaredDistributionTable: {
	1: DistributionTable;
	2: DistributionTable;
	3: DistributionTable;
	4: DistributionTable;
	5: DistributionTable;
	6: DistributionTable;
	7: DistributionTable;
	8: DistributionTable;
	9: DistributionTable;
	10: DistributionTable;
	11: DistributionTable;
	12: DistributionTable;
	13: DistributionTable;
	14: DistributionTable;
	15: DistributionTable;
	16: DistributionTable;
	17: DistributionTable;
	18: DistributionTable;
	19: DistributionTable;
	20: DistributionTable;
	21: DistributionTable;
	22: DistributionTable;
	23: DistributionTable;
	24: DistributionTable;
	25: DistributionTable;
	26: DistributionTable;
	27: DistributionTable;
	28: DistributionTable;
	29: DistributionTable;
	30: DistributionTable;
	40: DistributionTable;
	50: DistributionTable;
	60: DistributionTable;
	70: DistributionTable;
	80: DistributionTable;
	90: DistributionTable;
	100: DistributionTable;
};
/**
 * https://simple-statistics.github.io/docs/#chisquaredgoodnessoffit
 */
export declare function chiSquaredGoodnessOfFit(data: readonly number[], distributionType: Function, significance: number): boolean;
/**
 * https://simple-statistics.github.io/docs/#cumulativestdlogisticprobability
 */
export declare function cumulativeStdLogisticProbability(x: number): number;
/**
 * https://simple-statistics.github.io/docs/#cumulativestdnormalprobability
 */
export declare function cumulativeStdNormalProbability(z: number): number;
/**
 * https://simple-statistics.github.io/docs/#epsilon
 */
export declare const epsilon: number;
/**
 * https://simple-statistics.github.io/docs/#errorfunction
 */
export declare function errorFunction(x: number): number;
/**
 * https://simple-statistics.github.io/docs/#factorial
 */
export declare function factorial(n: number): number;
/**
 * https://simple-statistics.github.io/docs/#gamma
 */
export declare function gamma(n: number): number;
/**
 * https://simple-statistics.github.io/docs/#gammaln
 */
export declare function gammaln(n: number): number;
/**
 * https://simple-statistics.github.io/docs/#inverseerrorfunction
 */
export declare function inverseErrorFunction(x: number): number;
/**
 * https://simple-statistics.github.io/docs/#k_means_cluster
 */
export declare function kMeansCluster(points: readonly number[][], numCluster: number, randomSource?: () => number): {
	labels: number[];
	centroids: number[][];
};
export type Kernels = "gaussian";
export type BandwidthMethods = "nrd";
/**
 * https://simple-statistics.github.io/docs/#kde
 */
export declare function kernelDensityEstimation(X: readonly number[], kernel?: Kernels | ((u: number) => number), bandwidthMethod?: BandwidthMethods | number): (x: number) => number;
/**
 * https://simple-statistics.github.io/docs/#logit
 */
export declare function logit(p: number): number;
/**
 * https://simple-statistics.github.io/docs/#normaldistribution
 */
export declare function normalDistribution(x: number, mean: number, standardDeviation: number, cumulative?: boolean): number;
/**
 * https://simple-statistics.github.io/docs/#numericsort
 */
export declare function numericSort(x: readonly number[]): number[];
/**
 * https://simple-statistics.github.io/docs/#perceptronmodel
 */
export declare class PerceptronModel {
	public weights: readonly number[];
	public bias: number;
	predict(features: readonly number[]): number | null;
	train(features: readonly number[], label: number): PerceptronModel | null;
}
/**
 * https://simple-statistics.github.io/docs/#permutationstest
 */
export declare function permutationTest(sampleX: readonly number[], sampleY: readonly number[], alternative?: "two_side" | "greater" | "less", k?: number, randomSource?: () => number): number;
/**
 * https://simple-statistics.github.io/docs/#poissondistribution
 */
export declare function poissonDistribution(lambda: number): number[] | undefined;
/**
 * https://simple-statistics.github.io/docs/#probit
 */
export declare function probit(p: number): number;
/**
 * https://simple-statistics.github.io/docs/#quickselect
 */
export declare function quickselect(arr: number[], k: number, left?: number, right?: number): void;
/**
 * https://simple-statistics.github.io/docs/#relative_error
 */
export declare function relativeError(actual: number, expected: number): number;
/**
 * https://simple-statistics.github.io/docs/#sign
 */
export declare function sign(x: number): number;
/**
 * https://simple-statistics.github.io/docs/#silhouette
 */
export declare function silhouette(points: readonly number[][], labels: readonly number[]): number[];
/**
 * https://simple-statistics.github.io/docs/#silhouettemetric
 */
export declare function silhouetteMetric(points: readonly number[][], labels: readonly number[]): number;
/**
 * https://simple-statistics.github.io/docs/#standardnormaltable
 */
export declare const standardNormalTable: readonly number[];
/**
 * https://simple-statistics.github.io/docs/#zscore
 */
export declare function zScore(x: number, mean: number, standardDeviation: number): number;

export {
	BayesianClassifier as bayesian,
	PerceptronModel as perceptron,
	errorFunction as erf,
	interquartileRange as iqr,
	kernelDensityEstimation as kde,
	mean as average,
	meanSimple as averageSimple,
	medianAbsoluteDeviation as mad,
	rootMeanSquare as rms,
};

export {};
