package io.apmreports.job;

import java.util.Iterator;

import org.springframework.batch.infrastructure.item.ItemReader;

import io.apmreports.apm.ApmClient;
import io.apmreports.apm.Application;
import io.apmreports.apm.ApplicationFilter;
import io.apmreports.staging.StagedApplication;

/**
 * Reads the applications of the report's filter from the service, following the list's pages lazily. It keeps no
 * place: a restarted listing step starts the list again (pages may have shifted since), which the staging writer
 * makes harmless.
 */
class ApplicationListReader implements ItemReader<StagedApplication> {

	private final ApmClient client;

	private final ApplicationFilter filter;

	private Iterator<Application> applications;

	ApplicationListReader(ApmClient client, ApplicationFilter filter) {
		this.client = client;
		this.filter = filter;
	}

	@Override
	public StagedApplication read() {
		if (applications == null) {
			applications = client.applications(filter);
		}
		return applications.hasNext() ? StagedApplication.of(applications.next()) : null;
	}

}
