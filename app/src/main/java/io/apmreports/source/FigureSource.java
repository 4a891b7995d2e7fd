package io.apmreports.source;

import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.function.LongFunction;

import io.apmreports.definition.ApplicationFilter;
import io.apmreports.range.TimeRange;

/**
 * Where a report's figures come from. The fetch steps read a chunk of staged
 * applications, ask the source for the figures of the whole chunk at once, and stage its
 * answer in the chunk's transaction; they know nothing of how it gets them. So a source
 * that answers many applications with one query (NRQL over NerdGraph) plugs in beside the
 * one that asks per application (REST v2), without a change to the steps.
 * <p>
 * A second source must:
 * <ul>
 * <li>answer every application of a chunk, and only those: one {@link ApplicationFigures}
 * each, at least one {@link HostFigures} each (one of {@link HostFigures#NO_HOST} when it
 * has no hosts or they could not be listed) and at least one {@link TrendSlice} each
 * ({@link TrendSlice#none} for an empty series). A restart fetches again exactly the
 * applications without rows, so an application left out would be asked for on every
 * restart;</li>
 * <li>compute every figure of a call over the one range it is given, the previous period
 * included ({@code figures(chunk, range.previous(zone), ...)}), with the formulas of
 * {@code io.apmreports.formula};</li>
 * <li>tell per application, in the figures and hosts, never by failing the call, what
 * went wrong with it: {@code gone} when the service says it no longer exists (deleted
 * since it was listed, with what said so and when), {@code failed} with why when it
 * answers nonsense (a relaunch tries it again), {@code no_data} when it answers
 * zeros;</li>
 * <li>never answer a part it could not fetch (a refused query or request, an answer that
 * cannot be read, retries spent) as absent data where the answer has no status to say so:
 * the series, the host counts over the range and the key transactions throw a
 * {@link PartNotFetched} naming the part and why instead of an empty series, no count or
 * no summary;</li>
 * <li>throw for what must stop the run to be restarted later (a refused key, a failure
 * that outlasted its retries, a part not fetched): the chunk is then rolled back and
 * asked for again on restart;</li>
 * <li>call {@link Progress#done} once per application as its figures are ready, from
 * whichever thread;</li>
 * <li>keep its own pace and concurrency: a call may take as long as the chunk needs, and
 * a stop waits for it.</li>
 * </ul>
 */
public interface FigureSource {

	/**
	 * Every application the filter selects, as it goes: a listing may be long, and memory
	 * stays flat.
	 */
	Iterator<StagedApplication> applications(ApplicationFilter filter);

	/**
	 * Each application's breakdown over {@code range}.
	 * @param apdexAndErrors whether the Apdex score and the error rate are wanted too
	 */
	List<ApplicationFigures> figures(List<StagedApplication> applications, TimeRange range, boolean apdexAndErrors,
			Progress progress);

	/**
	 * Each host's breakdown over {@code range}.
	 * @param figuredTypes the database types each application's own figures summed, which
	 * its hosts are asked for too, so that the hosts add up to their application
	 */
	List<HostFigures> hosts(List<StagedApplication> applications, TimeRange range,
			LongFunction<List<String>> figuredTypes);

	/**
	 * Each application's series over {@code range}: response time with request queuing,
	 * and web throughput.
	 * @throws PartNotFetched for a series that could not be fetched: an empty one means
	 * no data
	 */
	List<TrendSlice> trends(List<StagedApplication> applications, TimeRange range);

	/**
	 * The hosts and instances of each application that reported during {@code range}, one
	 * each (zero for an application that sent nothing); empty where the source can tell
	 * only who reports now (REST v2, whose listings know the present alone).
	 * @throws PartNotFetched for counts that could not be fetched
	 */
	default Optional<List<RangeHosts>> hostsDuring(List<StagedApplication> applications, TimeRange range) {
		return Optional.empty();
	}

	/**
	 * The same source reading another account, for a report over several: NRQL's user key
	 * reads every account it may; REST needs that account's own key, and fails with one
	 * line naming the account without one.
	 */
	default FigureSource forAccount(long accountId) {
		throw new UnsupportedOperationException("this source reads one account");
	}

	/**
	 * What this source reads of the service levels defined on the account's entities;
	 * empty where the service cannot tell them (REST v2).
	 */
	default Optional<ServiceLevelSource> serviceLevels() {
		return Optional.empty();
	}

	/**
	 * Each application's SLA figures over {@code range} (requests, Apdex with its shares,
	 * error rate), for the service-level report's applications without service levels.
	 */
	default List<SlaFigures> sla(List<StagedApplication> applications, TimeRange range) {
		throw new UnsupportedOperationException("this source reads no SLA figures");
	}

	/**
	 * What this source reads of the organisation's billed usage, for the cost report;
	 * empty where the service cannot tell it (REST v2).
	 */
	default Optional<UsageSource> usage() {
		return Optional.empty();
	}

	/**
	 * Every key transaction with its figures as they are now: the service keeps none of a
	 * range for them.
	 * @throws PartNotFetched for summaries that could not be fetched: none means no calls
	 */
	List<KeyTransaction> keyTransactions();

	/**
	 * The requests (or queries) sent to the service so far, for the pace a progress line
	 * tells.
	 */
	RequestStats.Snapshot requests();

	/**
	 * Which service the figures come from, as a run records it beside its account: the
	 * service's address, never a key.
	 */
	String service();

	/**
	 * The name the service gives an account, when it tells and the key may read it; empty
	 * where the service has no word for accounts (REST v2).
	 */
	default Optional<String> accountName(long accountId) {
		return Optional.empty();
	}

	/** Told of each application whose figures are ready. */
	@FunctionalInterface
	interface Progress {

		/** For a call whose progress nobody follows. */
		Progress NONE = application -> {
		};

		void done(StagedApplication application);

	}

}
