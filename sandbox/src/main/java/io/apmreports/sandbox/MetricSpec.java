package io.apmreports.sandbox;

import java.util.List;

/**
 * How one metric of an application is derived from the application's base traffic.
 *
 * @param kind derivation rule
 * @param callsFactor calls of a component per web request (components only)
 * @param timeFraction share of HttpDispatcher time a component accounts for (components
 * only)
 * @param parts metric names a roll-up combines ({@link Kind#ROLLUP}, {@link Kind#ALL_OF})
 */
record MetricSpec(Kind kind, int callsFactor, double timeFraction, List<String> parts) {

	enum Kind {

		/** HttpDispatcher: the web traffic itself. */
		DISPATCHER,
		/**
		 * WebTransactionTotalTime: same calls, slightly more time than HttpDispatcher.
		 */
		WEB_TOTAL,
		/** WebFrontend/QueueTime with traffic. */
		QUEUE,
		/**
		 * WebFrontend/QueueTime that exists but is always zero (queuing configured, none
		 * measured).
		 */
		QUEUE_ZERO,
		/**
		 * A web component (Datastore/x/allWeb, Database/allWeb, ActiveRecord/all,
		 * External/allWeb, Memcache/allWeb).
		 */
		COMPONENT,
		/** The "all" twin of a web component: its web calls plus background calls. */
		ALL_OF,
		/** A roll-up that sums several metrics (Datastore/allWeb, Datastore/all). */
		ROLLUP,
		/** OtherTransaction/all: non-web traffic. */
		OTHER_TRANSACTION, APDEX, ERRORS

	}

	static MetricSpec of(Kind kind) {
		return new MetricSpec(kind, 0, 0, List.of());
	}

	static MetricSpec component(int callsFactor, double timeFraction) {
		return new MetricSpec(Kind.COMPONENT, callsFactor, timeFraction, List.of());
	}

	static MetricSpec allOf(String webMetric) {
		return new MetricSpec(Kind.ALL_OF, 0, 0, List.of(webMetric));
	}

	static MetricSpec rollup(List<String> parts) {
		return new MetricSpec(Kind.ROLLUP, 0, 0, List.copyOf(parts));
	}
}
