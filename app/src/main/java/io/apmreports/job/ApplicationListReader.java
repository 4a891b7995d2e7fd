package io.apmreports.job;

import java.util.Iterator;

import org.springframework.batch.infrastructure.item.ItemReader;

import io.apmreports.definition.ApplicationFilter;
import io.apmreports.source.FigureSource;
import io.apmreports.source.StagedApplication;

/**
 * Reads the applications of the report's filter from the source, as it lists them. It
 * keeps no place: a restarted listing step starts the list again (pages may have shifted
 * since), which the staging writer makes harmless.
 */
class ApplicationListReader implements ItemReader<StagedApplication> {

	private final FigureSource source;

	private final ApplicationFilter filter;

	private Iterator<StagedApplication> applications;

	ApplicationListReader(FigureSource source, ApplicationFilter filter) {
		this.source = source;
		this.filter = filter;
	}

	@Override
	public StagedApplication read() {
		if (applications == null) {
			applications = source.applications(filter);
		}
		return applications.hasNext() ? applications.next() : null;
	}

}
