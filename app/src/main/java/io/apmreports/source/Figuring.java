package io.apmreports.source;

import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import io.apmreports.formula.Breakdown;
import io.apmreports.formula.BreakdownCalculator;
import io.apmreports.formula.Formulas;
import io.apmreports.formula.MetricNames;
import io.apmreports.formula.MetricSnapshot;
import io.apmreports.formula.MetricValues;
import io.apmreports.formula.ServiceLevelFormulas;

/**
 * What every source makes of the metrics it found, once it has them as
 * {@link MetricSnapshot}s: an application's, a host's and a series' rows, with their
 * statuses and the words that explain them. Shared, so that two sources asking the same
 * account answer the same figures, statuses and details, whichever way they asked.
 */
public final class Figuring {

	/** The detail of an application or host that was found but called nothing. */
	static final String NO_CALLS = "no web or non-web calls in the range";

	/** The detail of an application none of whose metrics the service found. */
	static final String NO_METRICS = "none of the metrics was found for the range";

	/** The detail of an application without a host to figure. */
	static final String NO_HOSTS = "no host reported in about the last hour";

	/** The value an errors metric counts its errors in. */
	static final String ERROR_COUNT = "error_count";

	/**
	 * Datastore/allWeb may differ from the sum of its types by rounding; more than this
	 * means a type is missing.
	 */
	private static final double TOLERANCE = 1e-3;

	private final BreakdownCalculator calculator;

	private final MetricNames names;

	public Figuring(BreakdownCalculator calculator, MetricNames names) {
		this.calculator = calculator;
		this.names = names;
	}

	/** An errors metric's values: {@code count} errors, or none when it is absent. */
	public static MetricValues errors(Double count) {
		return new MetricValues(count == null ? Map.of() : Map.of(ERROR_COUNT, count));
	}

	/**
	 * An application's row.
	 * @param timing the timing family's metrics found (a metric not found is absent)
	 * @param apdexAndErrors whether the Apdex score and error rate are wanted
	 * @param apdex the {@code Apdex} metric's values, or {@code null} when not found
	 * @param errors the {@code Errors/all} metric's values, or {@code null} when not
	 * found
	 */
	public ApplicationFigures application(long applicationId, String language, MetricSnapshot timing,
			boolean apdexAndErrors, MetricValues apdex, MetricValues errors) {
		Breakdown breakdown = calculator.calculate(timing, language);
		Double apdexScore = null;
		Double errorRate = null;
		if (apdexAndErrors) {
			apdexScore = Formulas.apdexScore(apdex);
			errorRate = Formulas.errorRate(errors == null ? null : errors.get(ERROR_COUNT),
					callCount(timing, names.httpDispatcher()), callCount(timing, names.otherTransaction()));
		}
		Double calls = callVolume(timing);
		if (!breakdown.hasTraffic()) {
			// a stopped application answers zeros: without calls its Apdex and error rate
			// are absent, not 0
			return new ApplicationFigures(applicationId, breakdown, null, null, calls, FigureStatus.NO_DATA,
					timing.names().isEmpty() ? NO_METRICS : NO_CALLS);
		}
		return new ApplicationFigures(applicationId, breakdown, apdexScore, errorRate, calls, FigureStatus.OK, null);
	}

	/** A host's row, from its timing family's metrics. */
	public HostFigures host(long applicationId, long hostId, String hostName, String language, MetricSnapshot timing) {
		Breakdown breakdown = calculator.calculate(timing, language);
		return new HostFigures(applicationId, hostId, hostName, breakdown, callVolume(timing),
				breakdown.hasTraffic() ? FigureStatus.OK : FigureStatus.NO_DATA,
				breakdown.hasTraffic() ? null : NO_CALLS);
	}

	/** The one row of an application without a host. */
	public static HostFigures noHosts(long applicationId) {
		return new HostFigures(applicationId, HostFigures.NO_HOST, null, null, null, FigureStatus.NO_DATA, NO_HOSTS);
	}

	/**
	 * The one row of an application whose hosts could not be listed or figured.
	 * @param status failed or gone
	 */
	public static HostFigures hostsNot(long applicationId, FigureStatus status, String why) {
		return new HostFigures(applicationId, HostFigures.NO_HOST, null, null, null, status, why);
	}

	/**
	 * An application's series, slice by slice in time order; {@link TrendSlice#none} when
	 * it has no slice.
	 */
	public static List<TrendSlice> trend(long applicationId, List<Slice> slices) {
		List<TrendSlice> trend = new ArrayList<>(slices.size());
		for (int i = 0; i < slices.size(); i++) {
			Slice slice = slices.get(i);
			trend.add(new TrendSlice(applicationId, i, slice.from(), slice.to(),
					Formulas.responseTime(slice.web(), slice.queued()), Formulas.throughput(slice.web())));
		}
		return trend.isEmpty() ? List.of(TrendSlice.none(applicationId)) : trend;
	}

	/**
	 * The timing metrics the SLA figures read: web calls, and the non-web ones the error
	 * rate is over.
	 */
	public List<String> slaNames() {
		return List.of(names.httpDispatcher(), names.otherTransaction());
	}

	/**
	 * An application's SLA figures, as the vendor's SLA report made them: requests
	 * ({@code HttpDispatcher:call_count}), the Apdex score and its shares
	 * ({@code Apdex:s|t|f / Apdex:count}); the error rate as the other reports have it.
	 * @param timing the {@link #slaNames()} found
	 * @param apdex the {@code Apdex} metric's values, or {@code null} when not found
	 * @param errors the {@code Errors/all} metric's values, or {@code null} when not
	 * found
	 */
	public SlaFigures sla(long applicationId, MetricSnapshot timing, MetricValues apdex, MetricValues errors) {
		Double web = callCount(timing, names.httpDispatcher());
		Double samples = apdex == null ? null : apdex.get("count");
		return new SlaFigures(applicationId, web, Formulas.apdexScore(apdex),
				ServiceLevelFormulas.share(apdex == null ? null : apdex.get("s"), samples),
				ServiceLevelFormulas.share(apdex == null ? null : apdex.get("t"), samples),
				ServiceLevelFormulas.share(apdex == null ? null : apdex.get("f"), samples),
				Formulas.errorRate(errors == null ? null : errors.get(ERROR_COUNT), web,
						callCount(timing, names.otherTransaction())));
	}

	/** The SLA figures of an application that has none: gone, or unreadable. */
	public static SlaFigures noSla(long applicationId) {
		return new SlaFigures(applicationId, null, null, null, null, null, null);
	}

	/**
	 * Web and non-web calls of an application or host in the range: what usage and shares
	 * are made of.
	 */
	public Double callVolume(MetricSnapshot snapshot) {
		return Formulas.sumOfPresent(Arrays.asList(callCount(snapshot, names.httpDispatcher()),
				callCount(snapshot, names.otherTransaction())));
	}

	/**
	 * Whether Datastore/allWeb holds more time than the per-type metrics found account
	 * for: then a database type outside those asked for is missing.
	 */
	public boolean missesDatastoreTime(MetricSnapshot timing) {
		double total = weightedTime(timing, names.datastoreTotal());
		double types = timing.names()
			.stream()
			.filter(name -> names.datastoreType(name).isPresent())
			.mapToDouble(name -> weightedTime(timing, name))
			.sum();
		return total > types * (1 + TOLERANCE) + TOLERANCE;
	}

	private static double weightedTime(MetricSnapshot snapshot, String name) {
		MetricValues values = snapshot.get(name);
		if (values == null) {
			return 0;
		}
		Double time = values.averageResponseTime();
		Double calls = values.callCount();
		return (time == null ? 0.0 : time) * (calls == null ? 0.0 : calls);
	}

	private static Double callCount(MetricSnapshot snapshot, String name) {
		MetricValues values = snapshot.get(name);
		return values == null ? null : values.callCount();
	}

	/**
	 * One slice of a series.
	 *
	 * @param from slice start
	 * @param to slice end
	 * @param web the web transactions' values in the slice ({@code HttpDispatcher})
	 * @param queued the request queuing values in the slice, or {@code null}
	 */
	public record Slice(OffsetDateTime from, OffsetDateTime to, MetricValues web, MetricValues queued) {
	}

}
