package io.apmreports.sandbox;

import java.util.Map;

/**
 * The traffic profile behind one synthetic application and the rules that turn it into
 * raw metric values. Every value is a pure function of (application, host, metric, hour),
 * so answers are the same on every run and need no storage.
 */
final class AppModel {

	final SyntheticApplication app;

	final Map<String, MetricSpec> specs;

	/** Mean web requests per minute of one host; 0 for non-web applications. */
	final double webRpm;

	/**
	 * Mean background transactions per minute of one host; 0 for web-only applications.
	 */
	final double otherRpm;

	final long webMicros;

	final long otherMicros;

	final long queueMicros;

	/**
	 * WebTransactionTotalTime / HttpDispatcher time: above 1 so application total time
	 * stays positive.
	 */
	final double webTotalRatio;

	final double satisfiedShare;

	final double errorRate;

	AppModel(SyntheticApplication app, Map<String, MetricSpec> specs, double webRpm, double otherRpm, long webMicros,
			long otherMicros, long queueMicros, double webTotalRatio, double satisfiedShare, double errorRate) {
		this.app = app;
		this.specs = specs;
		this.webRpm = webRpm;
		this.otherRpm = otherRpm;
		this.webMicros = webMicros;
		this.otherMicros = otherMicros;
		this.queueMicros = queueMicros;
		this.webTotalRatio = webTotalRatio;
		this.satisfiedShare = satisfiedShare;
		this.errorRate = errorRate;
	}

	boolean hasHost(long hostId) {
		for (SyntheticHost host : app.hosts()) {
			if (host.id() == hostId) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Raw values of {@code metric} on {@code hostId} in the hour that starts at epoch
	 * hour {@code hour}.
	 */
	Raw raw(long hostId, String metric, long hour) {
		MetricSpec spec = specs.get(metric);
		if (spec == null || !app.reportedIn(hour)) {
			// A metric that stopped reporting answers zero values, it does not disappear.
			return Raw.ZERO;
		}
		return switch (spec.kind()) {
			case DISPATCHER -> Raw.timing(webCalls(hostId, hour), webMicros(hostId, hour));
			case WEB_TOTAL -> Raw.timing(webCalls(hostId, hour), Math.round(webMicros(hostId, hour) * webTotalRatio));
			case QUEUE ->
				Raw.timing(webCalls(hostId, hour), Math.round(queueMicros * (0.6 + 0.8 * unit(hostId, 11, hour))));
			case QUEUE_ZERO -> Raw.ZERO;
			case COMPONENT -> component(hostId, spec, hour);
			case ALL_OF -> allOf(hostId, spec.parts().get(0), hour);
			case ROLLUP -> {
				Raw sum = Raw.ZERO;
				for (String part : spec.parts()) {
					sum = Raw.combine(sum, raw(hostId, part, hour));
				}
				yield sum;
			}
			case OTHER_TRANSACTION -> Raw.timing(otherCalls(hostId, hour), otherMicros(hostId, hour));
			case APDEX -> apdex(hostId, hour);
			case ERRORS -> errors(hostId, hour);
		};
	}

	private Raw component(long hostId, MetricSpec spec, long hour) {
		long dispatcherCalls = webCalls(hostId, hour);
		// (calls x time) / dispatcher calls == fraction x dispatcher time, up to the
		// microsecond rounding.
		long micros = Math.round(spec.timeFraction() * webMicros(hostId, hour) / spec.callsFactor());
		return Raw.timing(dispatcherCalls * spec.callsFactor(), Math.max(1, micros));
	}

	private Raw allOf(long hostId, String webMetric, long hour) {
		Raw web = raw(hostId, webMetric, hour);
		MetricSpec webSpec = specs.get(webMetric);
		int factor = webSpec == null ? 1 : Math.max(1, webSpec.callsFactor());
		long background = otherRpm > 0 ? otherCalls(hostId, hour) * factor : web.calls() / 4;
		long backgroundMicros = web.micros() > 0 ? web.micros() * 13 / 10 : 2_000;
		return Raw.combine(web, Raw.timing(background, backgroundMicros));
	}

	private Raw apdex(long hostId, long hour) {
		long count = webRpm > 0 ? webCalls(hostId, hour) : otherCalls(hostId, hour);
		double share = Math.max(0, Math.min(1, satisfiedShare - 0.08 * unit(hostId, 21, hour)));
		long satisfied = (long) Math.floor(count * share);
		long rest = count - satisfied;
		long tolerating = Math.round(rest * 0.6);
		return new Raw(count, 0, satisfied, tolerating, rest - tolerating, 0);
	}

	private Raw errors(long hostId, long hour) {
		long calls = webCalls(hostId, hour) + otherCalls(hostId, hour);
		long errors = (long) Math.floor(calls * errorRate * (0.5 + unit(hostId, 31, hour)) + unit(hostId, 32, hour));
		return new Raw(0, 0, 0, 0, 0, Math.min(calls, errors));
	}

	long webCalls(long hostId, long hour) {
		return webRpm == 0 ? 0 : traffic(webRpm, hostId, 1, hour);
	}

	long otherCalls(long hostId, long hour) {
		return otherRpm == 0 ? 0 : traffic(otherRpm, hostId, 2, hour);
	}

	private long webMicros(long hostId, long hour) {
		return time(webMicros, hostId, 3, hour);
	}

	private long otherMicros(long hostId, long hour) {
		return time(otherMicros, hostId, 4, hour);
	}

	private long traffic(double rpm, long hostId, int tag, long hour) {
		double hostWeight = 0.6 + 0.8 * Hashing.unit(app.id(), hostId, 0, 0);
		double noise = 0.9 + 0.2 * unit(hostId, tag, hour);
		return Math.max(0, Math.round(rpm * hostWeight * load(hour) * noise));
	}

	private long time(long base, long hostId, int tag, long hour) {
		// Busy hours are a little slower, as real services are.
		double factor = (0.85 + 0.3 * unit(hostId, tag, hour)) * (0.9 + 0.2 * load(hour));
		return Math.max(1_000, Math.round(base * factor));
	}

	/**
	 * Day/night and weekday/weekend pattern: quiet around 03:00 UTC, busiest around 15:00
	 * UTC.
	 */
	static double load(long hour) {
		// hours since the epoch repeat weekly; 1970-01-01 was a Thursday, hence the
		// offset of three days
		return LOAD_BY_HOUR_OF_WEEK[(int) Math.floorMod(hour + 3 * 24, 7 * 24)];
	}

	/**
	 * The load of each hour of a week starting Monday 00:00 UTC, computed once: it is
	 * asked for per host and hour.
	 */
	private static final double[] LOAD_BY_HOUR_OF_WEEK = new double[7 * 24];

	static {
		for (int hourOfWeek = 0; hourOfWeek < LOAD_BY_HOUR_OF_WEEK.length; hourOfWeek++) {
			int hourOfDay = hourOfWeek % 24;
			boolean weekend = hourOfWeek / 24 >= 5;
			double diurnal = 0.3 + 0.7 * (0.5 - 0.5 * Math.cos(2 * Math.PI * (hourOfDay - 3) / 24.0));
			LOAD_BY_HOUR_OF_WEEK[hourOfWeek] = diurnal * (weekend ? 0.6 : 1.0);
		}
	}

	private double unit(long hostId, int tag, long hour) {
		return Hashing.unit(app.id(), hostId, tag, hour);
	}

}
