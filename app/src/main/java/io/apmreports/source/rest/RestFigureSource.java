package io.apmreports.source.rest;

import java.time.Clock;
import java.util.Iterator;
import java.util.List;
import java.util.function.LongFunction;

import io.apmreports.definition.ApplicationFilter;
import io.apmreports.formula.BreakdownCalculator;
import io.apmreports.formula.MetricNames;
import io.apmreports.range.TimeRange;
import io.apmreports.source.ApplicationFigures;
import io.apmreports.source.FigureSource;
import io.apmreports.source.HostFigures;
import io.apmreports.source.KeyTransaction;
import io.apmreports.source.RequestStats;
import io.apmreports.source.SlaFigures;
import io.apmreports.source.StagedApplication;
import io.apmreports.source.TrendSlice;
import io.apmreports.source.access.SideBySide;
import io.apmreports.source.rest.client.ApmAccountClients;
import io.apmreports.source.rest.client.ApmClient;
import io.apmreports.source.rest.client.Application;

/**
 * The figures of the Application Performance Query Service (REST v2), which answers one
 * application at a time: the applications of a chunk are asked for side by side on
 * {@code report.concurrency} threads, each with as few requests as its figures allow,
 * paced and retried by the {@link ApmClient}.
 */
public class RestFigureSource implements FigureSource, AutoCloseable {

	private final ApmClient client;

	private final FiguresFetch figures;

	private final HostsFetch hosts;

	private final TrendsFetch trends;

	private final SideBySide threads;

	private final BreakdownCalculator calculator;

	private final MetricNames names;

	private final List<String> datastoreTypes;

	private final Clock clock;

	private final ApmAccountClients otherAccounts;

	/**
	 * @param datastoreTypes the database types asked for with the timing family
	 * ({@code apm.datastore-types})
	 * @param clock when a 404 answered, for the gone row's detail
	 * @param concurrency applications fetched at the same time
	 * @param otherAccounts the clients of other accounts, for a report over several
	 */
	public RestFigureSource(ApmClient client, BreakdownCalculator calculator, MetricNames names,
			List<String> datastoreTypes, Clock clock, int concurrency, ApmAccountClients otherAccounts) {
		this(client, calculator, names, datastoreTypes, clock, new SideBySide(concurrency, "fetch"), otherAccounts);
	}

	/** A source of one account only. */
	public RestFigureSource(ApmClient client, BreakdownCalculator calculator, MetricNames names,
			List<String> datastoreTypes, Clock clock, int concurrency) {
		this(client, calculator, names, datastoreTypes, clock, concurrency, accountId -> {
			throw new IllegalStateException("this source reads one account");
		});
	}

	private RestFigureSource(ApmClient client, BreakdownCalculator calculator, MetricNames names,
			List<String> datastoreTypes, Clock clock, SideBySide threads, ApmAccountClients otherAccounts) {
		this.client = client;
		this.figures = new FiguresFetch(client, calculator, names, datastoreTypes, clock);
		this.hosts = new HostsFetch(client, calculator, names, datastoreTypes, clock);
		this.trends = new TrendsFetch(client, names);
		this.threads = threads;
		this.calculator = calculator;
		this.names = names;
		this.datastoreTypes = datastoreTypes;
		this.clock = clock;
		this.otherAccounts = otherAccounts;
	}

	/**
	 * The same source over another account, with that account's key, on the same threads.
	 */
	@Override
	public FigureSource forAccount(long accountId) {
		return new RestFigureSource(otherAccounts.client(accountId), calculator, names, datastoreTypes, clock, threads,
				otherAccounts);
	}

	@Override
	public Iterator<StagedApplication> applications(ApplicationFilter filter) {
		Iterator<Application> listed = client.applications(filter);
		return new Iterator<>() {

			@Override
			public boolean hasNext() {
				return listed.hasNext();
			}

			@Override
			public StagedApplication next() {
				return staged(listed.next());
			}

		};
	}

	/** An application as the listing gave it, as the later steps need it. */
	private static StagedApplication staged(Application application) {
		return new StagedApplication(application.id(), application.name(), application.language(),
				application.healthStatus(), application.reporting(), application.hostCount(),
				application.instanceCount());
	}

	@Override
	public List<ApplicationFigures> figures(List<StagedApplication> applications, TimeRange range,
			boolean apdexAndErrors, Progress progress) {
		return threads.each(applications, application -> {
			ApplicationFigures answer = figures.fetch(application, range, apdexAndErrors);
			progress.done(application);
			return answer;
		});
	}

	@Override
	public List<SlaFigures> sla(List<StagedApplication> applications, TimeRange range) {
		return threads.each(applications, application -> figures.sla(application, range));
	}

	@Override
	public List<HostFigures> hosts(List<StagedApplication> applications, TimeRange range,
			LongFunction<List<String>> figuredTypes) {
		return threads
			.each(applications, application -> hosts.fetch(application, range, figuredTypes.apply(application.id())))
			.stream()
			.flatMap(List::stream)
			.toList();
	}

	@Override
	public List<TrendSlice> trends(List<StagedApplication> applications, TimeRange range) {
		return threads.each(applications, application -> trends.fetch(application, range))
			.stream()
			.flatMap(List::stream)
			.toList();
	}

	@Override
	public List<KeyTransaction> keyTransactions() {
		return client.keyTransactions(null);
	}

	@Override
	public RequestStats.Snapshot requests() {
		return client.stats().snapshot();
	}

	@Override
	public String service() {
		return client.baseUrl().toString();
	}

	@Override
	public void close() {
		threads.close();
	}

}
