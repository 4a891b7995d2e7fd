package io.apmreports.source.rest.client;

import java.util.List;
import java.util.function.BiFunction;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Asks for metric data in as many requests as its names need: at most
 * {@code apm.names-per-request} names each, and in halves when the service refuses a
 * request as too long; the parts, over the same range, merge into one answer.
 */
final class MetricDataSplitter {

	private static final Logger log = LoggerFactory.getLogger(MetricDataSplitter.class);

	private final int namesPerRequest;

	/** One request for the metric data of a path, whatever the number of its names. */
	private final BiFunction<String, MetricQuery, MetricData> request;

	MetricDataSplitter(int namesPerRequest, BiFunction<String, MetricQuery, MetricData> request) {
		this.namesPerRequest = namesPerRequest;
		this.request = request;
	}

	MetricData metricData(String path, MetricQuery metricQuery) {
		if (metricQuery.names().size() > namesPerRequest) {
			return inParts(path, metricQuery, namesPerRequest);
		}
		try {
			return request.apply(path, metricQuery);
		}
		catch (ApmException.InvalidRequest ex) {
			// servers refuse a URL past their limit with 414, some with a bare 400; with
			// one name, 400 is about the name itself and the failure stands
			int names = metricQuery.names().size();
			if (names < 2 || (ex.status() != 414 && ex.status() != 400)) {
				throw ex;
			}
			log.debug("{}; asking for its {} names in two halves", ex.getMessage(), names);
			return inParts(path, metricQuery, (names + 1) / 2);
		}
	}

	/**
	 * The names in parts of at most {@code size}, over the same range, merged into one
	 * answer.
	 */
	private MetricData inParts(String path, MetricQuery metricQuery, int size) {
		List<String> names = metricQuery.names();
		MetricData merged = null;
		for (int start = 0; start < names.size(); start += size) {
			MetricData part = metricData(path,
					metricQuery.withNames(names.subList(start, Math.min(names.size(), start + size))));
			merged = merged == null ? part : merged.merge(part);
		}
		return merged;
	}

}
