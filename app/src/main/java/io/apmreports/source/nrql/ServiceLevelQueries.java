package io.apmreports.source.nrql;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.apmreports.range.TimeRange;
import io.apmreports.source.ServiceLevel;
import io.apmreports.source.ServiceLevelMonth;
import io.apmreports.source.ServiceLevelSource;

/**
 * The service levels through NerdGraph: an entity search of the account (domain
 * {@code EXT}, type {@code SERVICE_LEVEL}, paged as the other searches), and for each
 * month the level's own result queries as the vendor recommends, their time clauses
 * replaced by the month's bounds in epoch milliseconds. The indicator, good and valid
 * queries read the same events, so the three are asked as one query a month, each its own
 * column; where a level's queries read different events they are asked one by one. A
 * month that ended before the level was created is answered with no figures without
 * asking: the vendor holds none.
 * <p>
 * Why not one query with {@code FACET monthOf(timestamp)}: the months come as instants
 * without their zone's name, which {@code WITH TIMEZONE} needs, and a faceted answer
 * holds 10 months unless told {@code LIMIT MAX}; bounds in milliseconds are exact in any
 * zone and for any month.
 */
class ServiceLevelQueries implements ServiceLevelSource {

	private static final String MONTH_REQUEST = "service-level month query";

	private final NerdGraphClient client;

	ServiceLevelQueries(NerdGraphClient client) {
		this.client = client;
	}

	@Override
	public List<ServiceLevel> serviceLevels(long accountId) {
		Map<String, ServiceLevel> levels = new LinkedHashMap<>();
		String query = "domain = 'EXT' AND type = 'SERVICE_LEVEL' AND accountId = " + accountId;
		String cursor = null;
		do {
			Map<?, ?> page = page(client.serviceLevelPage(query, cursor));
			for (Object entity : entities(page)) {
				ServiceLevelAnswers.levels((Map<?, ?>) entity, accountId).forEach(l -> levels.putIfAbsent(l.guid(), l));
			}
			cursor = page.get("nextCursor") instanceof String next && !next.isEmpty() ? next : null;
		}
		while (cursor != null);
		return List.copyOf(levels.values());
	}

	@Override
	public List<ServiceLevelMonth> months(ServiceLevel level, List<TimeRange> months) {
		List<ServiceLevelMonth> answered = new ArrayList<>(months.size());
		NerdGraphClient account = client.inAccount(level.accountId());
		for (TimeRange month : months) {
			if (!month.to().isAfter(level.createdAt())) {
				answered.add(new ServiceLevelMonth(level.guid(), month, null, null, null));
			}
			else {
				answered.add(month(account, level, month));
			}
		}
		return answered;
	}

	private static ServiceLevelMonth month(NerdGraphClient account, ServiceLevel level, TimeRange month) {
		String window = Nrql.window(month);
		ResultQuery indicator = read(level, level.indicatorNrql());
		ResultQuery good = read(level, level.goodNrql());
		ResultQuery valid = read(level, level.validNrql());
		Map<String, Object> row;
		if (indicator.sameEvents(good) && indicator.sameEvents(valid)) {
			row = first(account.nrql(combined(indicator, good, valid, window)));
		}
		else {
			row = new LinkedHashMap<>();
			row.put("attainment", first(account.nrql(single(indicator, "attainment", window))).get("attainment"));
			row.put("good", first(account.nrql(single(good, "good", window))).get("good"));
			row.put("valid", first(account.nrql(single(valid, "valid", window))).get("valid"));
		}
		Double goodEvents = ServiceLevelAnswers.number(row.get("good"), MONTH_REQUEST);
		Double validEvents = ServiceLevelAnswers.number(row.get("valid"), MONTH_REQUEST);
		Double attainment = ServiceLevelAnswers.number(row.get("attainment"), MONTH_REQUEST);
		// no valid events: an attainment of nothing is none, whatever the answer says
		if (validEvents == null || validEvents == 0) {
			attainment = null;
		}
		return new ServiceLevelMonth(level.guid(), month, attainment, goodEvents, validEvents);
	}

	private static ResultQuery read(ServiceLevel level, String nrql) {
		try {
			return ResultQuery.parse(nrql);
		}
		catch (IllegalArgumentException ex) {
			throw new NerdGraphException.Rejected(MONTH_REQUEST + ": the result query of service level '" + level.name()
					+ "' has no SELECT or FROM: " + nrql);
		}
	}

	/** The three result queries as one, each its own column, over the month. */
	static String combined(ResultQuery indicator, ResultQuery good, ResultQuery valid, String window) {
		return "SELECT " + indicator.select() + " AS 'attainment', " + good.select() + " AS 'good', " + valid.select()
				+ " AS 'valid'" + indicator.over(window);
	}

	static String single(ResultQuery query, String column, String window) {
		return "SELECT " + query.select() + " AS '" + column + "'" + query.over(window);
	}

	/** The one row of an unfaceted query; none is a row of nothing. */
	private static Map<String, Object> first(List<Map<String, Object>> rows) {
		return rows.isEmpty() ? Map.of() : rows.get(0);
	}

	private static Map<?, ?> page(Object results) {
		if (!(results instanceof Map<?, ?> page)) {
			throw ServiceLevelAnswers.unreadable("no entities list");
		}
		if (page.get("nextCursor") != null && !(page.get("nextCursor") instanceof String)) {
			throw ServiceLevelAnswers.unreadable("nextCursor is not a string");
		}
		return page;
	}

	private static List<?> entities(Map<?, ?> page) {
		if (!(page.get("entities") instanceof List<?> entities)) {
			throw ServiceLevelAnswers.unreadable("no entities list");
		}
		for (Object entity : entities) {
			if (!(entity instanceof Map<?, ?>)) {
				throw ServiceLevelAnswers.unreadable("an entity is not an object");
			}
		}
		return entities;
	}

}
