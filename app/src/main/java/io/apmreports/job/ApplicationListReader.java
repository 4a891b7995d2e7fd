package io.apmreports.job;

import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongFunction;
import java.util.function.Supplier;

import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.batch.infrastructure.item.ItemReader;

import io.apmreports.definition.ApplicationFilter;
import io.apmreports.source.ApplicationTags;
import io.apmreports.source.FigureSource;
import io.apmreports.source.StagedApplication;

/**
 * Reads the applications of the report's selection from the source, as it lists them, one
 * account after the other (for a run, and for a backfill of its past periods): the source
 * narrows the list as far as its API can (the ids, or else a name substring), and this
 * reader applies the rest (name patterns, tags, exclusions), and gives each its account
 * and the value of the report's grouping tag. It keeps no place: a restarted listing step
 * starts the list again (pages may have shifted since), which the staging writer makes
 * harmless. Ids the selection names that no account lists are left in the run's context,
 * for the report and the e-mail to name.
 */
public class ApplicationListReader implements ItemReader<StagedApplication> {

	private final LongFunction<FigureSource> sources;

	private final Iterator<Long> accounts;

	private final ApplicationFilter filter;

	private final Supplier<ApplicationTags> tags;

	private final String groupBy;

	private final ExecutionContext runContext;

	private final Set<Long> listed = new HashSet<>();

	private long account;

	private Iterator<StagedApplication> applications;

	private Set<Long> tagged;

	private Set<Long> excluded;

	private Map<Long, String> groups;

	/**
	 * @param sources each account's source
	 * @param accounts the accounts to list, in order
	 * @param groupBy the tag whose value each application is staged with, or {@code null}
	 */
	public ApplicationListReader(LongFunction<FigureSource> sources, List<Long> accounts, ApplicationFilter filter,
			Supplier<ApplicationTags> tags, String groupBy, ExecutionContext runContext) {
		this.sources = sources;
		this.accounts = List.copyOf(accounts).iterator();
		this.filter = filter;
		this.tags = tags;
		this.groupBy = groupBy;
		this.runContext = runContext;
	}

	@Override
	public StagedApplication read() {
		while (applications != null || accounts.hasNext()) {
			if (applications == null) {
				start(accounts.next());
			}
			while (applications.hasNext()) {
				StagedApplication application = applications.next();
				listed.add(application.id());
				if (selected(application)) {
					StagedApplication inAccount = application.inAccount(account);
					return groups == null ? inAccount : inAccount.inGroup(groups.get(application.id()));
				}
			}
			applications = null;
		}
		RunResults.putIdsNotFound(runContext, filter.ids().stream().filter(id -> !listed.contains(id)).toList());
		return null;
	}

	private void start(long next) {
		account = next;
		// tags first: a key the entity search refuses stops the run before any listing
		tagged = filter.tags().isEmpty() ? null : tags.get().tagged(account, filter.tags());
		excluded = filter.exclude().tags().isEmpty() ? Set.of() : tags.get().tagged(account, filter.exclude().tags());
		groups = groupBy == null ? null : tags.get().values(account, groupBy);
		// named ids are listed by id alone, so that one the account lacks is told apart
		// from one the other criteria leave out
		applications = sources.apply(account)
			.applications(filter.ids().isEmpty() ? filter : new ApplicationFilter(null, filter.ids()));
	}

	private boolean selected(StagedApplication application) {
		return filter.selects(application.id(), application.name())
				&& (tagged == null || tagged.contains(application.id())) && !excluded.contains(application.id());
	}

}
