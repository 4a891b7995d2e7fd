package io.apmreports.source.nrql;

import java.time.Clock;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongFunction;
import java.util.function.ToIntFunction;

import org.apache.commons.collections4.ListUtils;

import io.apmreports.definition.ApplicationFilter;
import io.apmreports.formula.BreakdownCalculator;
import io.apmreports.formula.MetricNames;
import io.apmreports.range.TimeRange;
import io.apmreports.source.ApplicationFigures;
import io.apmreports.source.FigureSource;
import io.apmreports.source.Figuring;
import io.apmreports.source.HostFigures;
import io.apmreports.source.KeyTransaction;
import io.apmreports.source.PartNotFetched;
import io.apmreports.source.RangeHosts;
import io.apmreports.source.RequestStats;
import io.apmreports.source.ServiceLevelSource;
import io.apmreports.source.SlaFigures;
import io.apmreports.source.StagedApplication;
import io.apmreports.source.TrendSlice;
import io.apmreports.source.UsageSource;
import io.apmreports.source.access.SideBySide;

/**
 * The figures of NRQL over NerdGraph, which answers many applications with one query: a
 * chunk is split into parts whose expected facets (applications by metric names, and by
 * hosts) stay under {@code apm.nrql.max-facets} (a series' buckets do not count against
 * it; its rows are bounded apart, for the heap), the parts are asked side by side, and an
 * answer that reaches the limit is split and asked again, never cut. The figures,
 * statuses and their words are REST v2's ({@link Figuring}), so that the same account
 * answers the same report through either source.
 * <p>
 * Where NRQL differs: an application the service no longer knows has no rows (there is no
 * 404), so it is {@code no_data}, "none of the metrics was found for the range", never
 * {@code gone}; and NRQL has no application-host id, so each application's hosts are
 * numbered 1, 2, ... in the order of their names, case-insensitive.
 */
class NrqlFigureSource implements FigureSource, AutoCloseable {

	private final NerdGraphClient client;

	private final FacetQueries queries;

	private final ChunkFigures figures;

	private final ChunkHosts hosts;

	private final ChunkTrends trends;

	private final SideBySide threads;

	private final Clock clock;

	private final Figuring figuring;

	private final MetricNames names;

	private final List<String> datastoreTypes;

	/**
	 * @param datastoreTypes the database types asked for with the timing family
	 * ({@code apm.datastore-types})
	 * @param maxFacets the most facets one query may answer
	 * @param concurrency parts asked at the same time
	 * @param clock the time the listing's host counts end at
	 */
	NrqlFigureSource(NerdGraphClient client, BreakdownCalculator calculator, MetricNames names,
			List<String> datastoreTypes, int maxFacets, int concurrency, Clock clock) {
		this(client, new Figuring(calculator, names), names, datastoreTypes, maxFacets,
				new SideBySide(concurrency, "nrql"), clock);
	}

	private NrqlFigureSource(NerdGraphClient client, Figuring figuring, MetricNames names, List<String> datastoreTypes,
			int maxFacets, SideBySide threads, Clock clock) {
		this.client = client;
		this.queries = new FacetQueries(client, maxFacets);
		this.figures = new ChunkFigures(queries, figuring, names, datastoreTypes);
		this.hosts = new ChunkHosts(queries, figuring, names, datastoreTypes);
		this.trends = new ChunkTrends(queries, names);
		this.threads = threads;
		this.clock = clock;
		this.figuring = figuring;
		this.names = names;
		this.datastoreTypes = datastoreTypes;
	}

	/**
	 * The same source over another account the user key may read, on the same threads and
	 * under the same limits.
	 */
	@Override
	public FigureSource forAccount(long accountId) {
		if (accountId == client.endpoint().accountId()) {
			return this;
		}
		return new NrqlFigureSource(client.forAccount(accountId), figuring, names, datastoreTypes, queries.maxFacets(),
				threads, clock);
	}

	@Override
	public Iterator<StagedApplication> applications(ApplicationFilter filter) {
		return new ApplicationListing(client, filter, clock);
	}

	@Override
	public List<ApplicationFigures> figures(List<StagedApplication> applications, TimeRange range,
			boolean apdexAndErrors, Progress progress) {
		int rows = figures.timingNames(apdexAndErrors).size();
		return threads
			.each(parts(applications, application -> rows),
					part -> figures.figures(part, range, apdexAndErrors, progress))
			.stream()
			.flatMap(List::stream)
			.toList();
	}

	@Override
	public List<SlaFigures> sla(List<StagedApplication> applications, TimeRange range) {
		int rows = figuring.slaNames().size() + 1;
		return threads.each(parts(applications, application -> rows), part -> figures.sla(part, range))
			.stream()
			.flatMap(List::stream)
			.toList();
	}

	@Override
	public List<HostFigures> hosts(List<StagedApplication> applications, TimeRange range,
			LongFunction<List<String>> figuredTypes) {
		return threads
			.each(parts(applications,
					application -> hosts.namesOf(application, figuredTypes).size()
							* Math.max(1, application.hostCount())),
					part -> hosts.hosts(part, range, figuredTypes))
			.stream()
			.flatMap(List::stream)
			.toList();
	}

	@Override
	public List<TrendSlice> trends(List<StagedApplication> applications, TimeRange range) {
		List<List<StagedApplication>> parts = ListUtils.partition(applications,
				ChunkTrends.applicationsPerQuery(range, queries.maxFacets()));
		return threads.each(parts, part -> trends.trends(part, range)).stream().flatMap(List::stream).toList();
	}

	/**
	 * One query per part of the chunk, as the figures are asked: a facet per application.
	 * A count that could not be fetched fails with a {@link PartNotFetched}: the
	 * applications' counts of the last hour would stand in the usage as if they were the
	 * range's.
	 */
	@Override
	public Optional<List<RangeHosts>> hostsDuring(List<StagedApplication> applications, TimeRange range) {
		String window = Nrql.window(range);
		return Optional.of(threads.each(parts(applications, application -> 1), part -> {
			Map<Long, RangeHosts> counts;
			try {
				counts = HostCounts.of(client, part.stream().map(StagedApplication::id).toList(), window);
			}
			catch (NerdGraphException.Rejected | NerdGraphException.Transient ex) {
				throw new PartNotFetched("the host counts over the range", PartNotFetched.applications(part), ex);
			}
			return part.stream()
				.map(application -> counts.getOrDefault(application.id(), new RangeHosts(application.id(), 0, 0)))
				.toList();
		}).stream().flatMap(List::stream).toList());
	}

	@Override
	public List<KeyTransaction> keyTransactions() {
		return new KeyTransactionQuery(client, queries).keyTransactions();
	}

	/**
	 * The service levels, asked through the same client: its queries count as this
	 * source's.
	 */
	@Override
	public Optional<ServiceLevelSource> serviceLevels() {
		return Optional.of(new ServiceLevelQueries(client));
	}

	/**
	 * The billed usage, asked through the same client: its queries count as this
	 * source's.
	 */
	@Override
	public Optional<UsageSource> usage() {
		return Optional.of(new UsageQueries(client));
	}

	@Override
	public RequestStats.Snapshot requests() {
		return client.stats().snapshot();
	}

	/** Where the account is read, never the key. */
	@Override
	public String service() {
		return client.endpoint().graphqlUrl().toString();
	}

	@Override
	public Optional<String> accountName(long accountId) {
		return client.accountName(accountId);
	}

	/** The chunk in parts of whole applications, each expected under the facet limit. */
	private List<List<StagedApplication>> parts(List<StagedApplication> applications,
			ToIntFunction<StagedApplication> rowsOf) {
		Map<Long, StagedApplication> byId = new HashMap<>();
		applications.forEach(application -> byId.put(application.id(), application));
		return FacetQueries
			.parts(applications.stream().map(StagedApplication::id).toList(), id -> rowsOf.applyAsInt(byId.get(id)),
					queries.maxFacets())
			.stream()
			.map(ids -> ids.stream().map(byId::get).toList())
			.toList();
	}

	@Override
	public void close() {
		threads.close();
	}

}
