package io.apmreports.source;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.LongFunction;

import io.apmreports.definition.ApplicationFilter;
import io.apmreports.range.TimeRange;

/**
 * The source of a report over several accounts: it hands the applications of a chunk to
 * the source of each one's account and answers with all their answers, so that the fetch
 * steps read several accounts as they read one. An application staged without its account
 * (by a version before runs kept it) is the first account's.
 */
final class AccountsSource implements FigureSource {

	private final Map<Long, FigureSource> byAccount;

	private final FigureSource first;

	/**
	 * @param byAccount each account's source, the first account first
	 */
	AccountsSource(Map<Long, FigureSource> byAccount) {
		this.byAccount = new LinkedHashMap<>(byAccount);
		this.first = byAccount.values().iterator().next();
	}

	/** The listing step lists each account with its own source. */
	@Override
	public Iterator<StagedApplication> applications(ApplicationFilter filter) {
		throw new UnsupportedOperationException("each account is listed by its own source");
	}

	@Override
	public List<ApplicationFigures> figures(List<StagedApplication> applications, TimeRange range,
			boolean apdexAndErrors, Progress progress) {
		return each(applications, (source, part) -> source.figures(part, range, apdexAndErrors, progress));
	}

	@Override
	public List<HostFigures> hosts(List<StagedApplication> applications, TimeRange range,
			LongFunction<List<String>> figuredTypes) {
		return each(applications, (source, part) -> source.hosts(part, range, figuredTypes));
	}

	@Override
	public List<TrendSlice> trends(List<StagedApplication> applications, TimeRange range) {
		return each(applications, (source, part) -> source.trends(part, range));
	}

	@Override
	public List<SlaFigures> sla(List<StagedApplication> applications, TimeRange range) {
		return each(applications, (source, part) -> source.sla(part, range));
	}

	/** Counts where every account's source gives them; none where one cannot. */
	@Override
	public Optional<List<RangeHosts>> hostsDuring(List<StagedApplication> applications, TimeRange range) {
		List<RangeHosts> all = new ArrayList<>();
		for (Map.Entry<FigureSource, List<StagedApplication>> part : parts(applications).entrySet()) {
			Optional<List<RangeHosts>> counts = part.getKey().hostsDuring(part.getValue(), range);
			if (counts.isEmpty()) {
				return Optional.empty();
			}
			all.addAll(counts.get());
		}
		return Optional.of(all);
	}

	/** Every account's key transactions, one account after the other. */
	@Override
	public List<KeyTransaction> keyTransactions() {
		List<KeyTransaction> all = new ArrayList<>();
		byAccount.values().forEach(source -> all.addAll(source.keyTransactions()));
		return all;
	}

	/** The requests of every account's client together. */
	@Override
	public RequestStats.Snapshot requests() {
		RequestStats.Snapshot total = new RequestStats.Snapshot(Map.of(), 0);
		for (FigureSource source : byAccount.values()) {
			total = total.plus(source.requests());
		}
		return total;
	}

	@Override
	public String service() {
		return first.service();
	}

	@Override
	public Optional<String> accountName(long accountId) {
		return first.accountName(accountId);
	}

	private <T> List<T> each(List<StagedApplication> applications,
			BiFunction<FigureSource, List<StagedApplication>, List<T>> call) {
		List<T> answers = new ArrayList<>(applications.size());
		parts(applications).forEach((source, part) -> answers.addAll(call.apply(source, part)));
		return answers;
	}

	/** The chunk by account's source, in the order of the accounts. */
	private Map<FigureSource, List<StagedApplication>> parts(List<StagedApplication> applications) {
		Map<FigureSource, List<StagedApplication>> parts = new LinkedHashMap<>();
		for (StagedApplication application : applications) {
			FigureSource source = application.account() == null ? first
					: byAccount.getOrDefault(application.account(), first);
			parts.computeIfAbsent(source, key -> new ArrayList<>()).add(application);
		}
		return parts;
	}

}
