package io.apmreports.job;

import java.util.HashSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.batch.infrastructure.item.ItemReader;

import io.apmreports.definition.ApplicationFilter;
import io.apmreports.source.ApplicationTags;
import io.apmreports.source.FigureSource;
import io.apmreports.source.StagedApplication;

/**
 * Reads the applications of the report's selection from the source, as it lists them: the
 * source narrows the list as far as its API can (the ids, or else a name substring), and
 * this reader applies the rest (name patterns, tags, exclusions), and gives each the
 * value of the report's grouping tag. It keeps no place: a restarted listing step starts
 * the list again (pages may have shifted since), which the staging writer makes harmless.
 * Ids the selection names that the account does not list are left in the run's context,
 * for the report and the e-mail to name.
 */
class ApplicationListReader implements ItemReader<StagedApplication> {

	private final FigureSource source;

	private final ApplicationFilter filter;

	private final Supplier<ApplicationTags> tags;

	private final long accountId;

	private final String groupBy;

	private final ExecutionContext runContext;

	private final Set<Long> listed = new HashSet<>();

	private Iterator<StagedApplication> applications;

	private Set<Long> tagged;

	private Set<Long> excluded;

	private Map<Long, String> groups;

	/**
	 * @param groupBy the tag whose value each application is staged with, or {@code null}
	 */
	ApplicationListReader(FigureSource source, ApplicationFilter filter, Supplier<ApplicationTags> tags, long accountId,
			String groupBy, ExecutionContext runContext) {
		this.source = source;
		this.filter = filter;
		this.tags = tags;
		this.accountId = accountId;
		this.groupBy = groupBy;
		this.runContext = runContext;
	}

	@Override
	public StagedApplication read() {
		if (applications == null) {
			// tags first: a key the entity search refuses stops the run before any
			// listing
			tagged = filter.tags().isEmpty() ? null : tags.get().tagged(accountId, filter.tags());
			excluded = filter.exclude().tags().isEmpty() ? Set.of()
					: tags.get().tagged(accountId, filter.exclude().tags());
			groups = groupBy == null ? null : tags.get().values(accountId, groupBy);
			// named ids are listed by id alone, so that one the account lacks is told
			// apart from one the other criteria leave out
			applications = source
				.applications(filter.ids().isEmpty() ? filter : new ApplicationFilter(null, filter.ids()));
		}
		while (applications.hasNext()) {
			StagedApplication application = applications.next();
			listed.add(application.id());
			if (selected(application)) {
				return groups == null ? application : application.inGroup(groups.get(application.id()));
			}
		}
		RunResults.putIdsNotFound(runContext, filter.ids().stream().filter(id -> !listed.contains(id)).toList());
		return null;
	}

	private boolean selected(StagedApplication application) {
		return filter.selects(application.id(), application.name())
				&& (tagged == null || tagged.contains(application.id())) && !excluded.contains(application.id());
	}

}
