package io.apmreports.formula;

import java.util.List;

/**
 * The figures of one application (or host) over one range. A {@code null} figure is
 * absent: its inputs were not reported, and a report shows an empty cell.
 *
 * @param throughputRpm web throughput, {@code HttpDispatcher:requests_per_minute}
 * @param nonWebThroughputRpm non-web throughput,
 * {@code OtherTransaction/all:requests_per_minute}
 * @param responseTimeMs response time with request queuing (main chart)
 * @param requestQueuingMs request queuing time per web request
 * @param webTransactionTimeMs web transaction total time
 * @param applicationTimeMs application total time
 * @param datastoreMs datastore time, summed over database types
 * @param databaseMs generic database time
 * @param rubyDatabaseMs (Ruby) database time from {@code ActiveRecord/all}
 * @param externalMs web external time
 * @param cacheMs cache time
 * @param hasTraffic whether any web or non-web transaction was counted in the range
 * @param provenance which formulas fed the figures and which terms were dropped
 */
public record Breakdown(Double throughputRpm, Double nonWebThroughputRpm, Double responseTimeMs,
		Double requestQueuingMs, Double webTransactionTimeMs, Double applicationTimeMs, Double datastoreMs,
		Double databaseMs, Double rubyDatabaseMs, Double externalMs, Double cacheMs, boolean hasTraffic,
		Provenance provenance) {

	/**
	 * How the figures were obtained, so that a report can show it.
	 *
	 * @param databaseFormula the database formula used
	 * @param webTimeSource the source of web transaction total time
	 * @param datastoreTypes the database types summed into datastore time
	 * @param droppedTerms the terms left out because their metrics were absent, with the
	 * reason
	 */
	public record Provenance(DatabaseFormula databaseFormula, WebTimeSource webTimeSource, List<String> datastoreTypes,
			List<String> droppedTerms) {

		public Provenance {
			datastoreTypes = List.copyOf(datastoreTypes);
			droppedTerms = List.copyOf(droppedTerms);
		}

	}

}
