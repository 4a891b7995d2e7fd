package io.apmreports.job;

import java.util.Set;

import io.apmreports.definition.ReportDefinition;
import io.apmreports.definition.Section;

/**
 * What the cost and ingest sections ask of a run: they read the vendor's usage events,
 * not the applications' figures, so a report of those alone lists and fetches no
 * application.
 */
final class CostSections {

	private static final Set<Section> USAGE_EVENTS = Set.of(Section.COST, Section.INGEST);

	private CostSections() {
	}

	/** Whether the report has sections, all of which read usage events alone. */
	static boolean only(ReportDefinition definition) {
		return !definition.sections().isEmpty() && USAGE_EVENTS.containsAll(definition.sections());
	}

	/** Whether the report measures the daily byte estimates. */
	static boolean measures(ReportDefinition definition) {
		return definition.has(Section.COST) || definition.has(Section.INGEST);
	}

}
