package io.apmreports.source.nrql;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.apmreports.source.ServiceLevel;

/**
 * Reads the service levels an entity-search answer holds, in every shape the vendor's
 * sources leave open: {@code createdAt} as epoch milliseconds (the schema's
 * {@code EpochMilliseconds}), as their text or as an ISO date and time; an entity without
 * {@code serviceLevel} or indicators holds none; an indicator without objectives has no
 * target; of several objectives the first is the level's (the vendor's Terraform provider
 * allows one, and the report tells one target a level); without {@code resultQueries} the
 * vendor's own spelling of them is used, over the level's guid.
 */
final class ServiceLevelAnswers {

	private static final String REQUEST = "service-level search request";

	private ServiceLevelAnswers() {
	}

	/** The levels of one entity of the search; {@code accountId} where it names none. */
	static List<ServiceLevel> levels(Map<?, ?> entity, long accountId) {
		long account = entity.get("accountId") instanceof Number number ? number.longValue() : accountId;
		if (!(entity.get("serviceLevel") instanceof Map<?, ?> definition)
				|| !(definition.get("indicators") instanceof List<?> indicators)) {
			return List.of();
		}
		List<ServiceLevel> levels = new ArrayList<>();
		for (Object indicator : indicators) {
			if (!(indicator instanceof Map<?, ?> map)) {
				throw unreadable("an indicator is not an object");
			}
			levels.add(level(map, account));
		}
		return levels;
	}

	private static ServiceLevel level(Map<?, ?> indicator, long accountId) {
		String guid = text(indicator, "guid");
		if (guid == null) {
			throw unreadable("an indicator has no guid");
		}
		Map<?, ?> objective = indicator.get("objectives") instanceof List<?> list && !list.isEmpty()
				&& list.get(0) instanceof Map<?, ?> first ? first : Map.of();
		Map<?, ?> queries = indicator.get("resultQueries") instanceof Map<?, ?> map ? map : Map.of();
		String where = " FROM Metric WHERE entity.guid = " + Nrql.quoted(guid);
		return new ServiceLevel(accountId, guid, text(indicator, "name"), text(indicator, "description"),
				text(indicator, "entityGuid"), createdAt(indicator.get("createdAt")), number(objective.get("target")),
				windowDays(objective),
				nrql(queries, "indicator",
						"SELECT clamp_max(sum(newrelic.sli.good) / sum(newrelic.sli.valid) * 100, 100) AS 'SLI'"
								+ where),
				nrql(queries, "goodEvents", "SELECT sum(newrelic.sli.good)" + where),
				nrql(queries, "validEvents", "SELECT sum(newrelic.sli.valid)" + where));
	}

	/** A rolling window in days; none for another unit or shape. */
	private static Integer windowDays(Map<?, ?> objective) {
		if (objective.get("timeWindow") instanceof Map<?, ?> window
				&& window.get("rolling") instanceof Map<?, ?> rolling && rolling.get("count") instanceof Number count
				&& (rolling.get("unit") == null || "DAY".equals(rolling.get("unit")))) {
			return count.intValue();
		}
		return null;
	}

	private static String nrql(Map<?, ?> queries, String name, String otherwise) {
		if (queries.get(name) instanceof Map<?, ?> query && query.get("nrql") instanceof String nrql
				&& !nrql.isBlank()) {
			return nrql;
		}
		return otherwise;
	}

	/**
	 * Epoch milliseconds as a number or its text, or an ISO date and time (UTC without an
	 * offset).
	 */
	static OffsetDateTime createdAt(Object value) {
		if (value instanceof Number number) {
			return Instant.ofEpochMilli(number.longValue()).atOffset(ZoneOffset.UTC);
		}
		if (!(value instanceof String text) || text.isBlank()) {
			throw unreadable("an indicator has no createdAt");
		}
		String trimmed = text.strip();
		try {
			if (trimmed.chars().allMatch(Character::isDigit)) {
				return Instant.ofEpochMilli(Long.parseLong(trimmed)).atOffset(ZoneOffset.UTC);
			}
			if (trimmed.length() == 10) {
				return LocalDate.parse(trimmed).atStartOfDay().atOffset(ZoneOffset.UTC);
			}
			try {
				return OffsetDateTime.parse(trimmed).withOffsetSameInstant(ZoneOffset.UTC);
			}
			catch (DateTimeParseException ex) {
				return LocalDateTime.parse(trimmed.replace(' ', 'T')).atOffset(ZoneOffset.UTC);
			}
		}
		catch (DateTimeParseException | NumberFormatException ex) {
			throw unreadable("createdAt '" + trimmed + "' is neither epoch milliseconds nor an ISO date and time");
		}
	}

	/** A number or its text; {@code null} for null. */
	static Double number(Object value) {
		return number(value, REQUEST);
	}

	/** The same, naming {@code request} when it is neither. */
	static Double number(Object value, String request) {
		if (value instanceof Number number) {
			return number.doubleValue();
		}
		if (value instanceof String text && !text.isBlank()) {
			try {
				return Double.parseDouble(text.strip());
			}
			catch (NumberFormatException ex) {
				throw new NerdGraphException.Rejected(request + ": unreadable answer, '" + text + "' is not a number");
			}
		}
		return null;
	}

	private static String text(Map<?, ?> map, String key) {
		return map.get(key) instanceof String text ? text : null;
	}

	static NerdGraphException.Rejected unreadable(String why) {
		return new NerdGraphException.Rejected(REQUEST + ": unreadable answer, " + why);
	}

}
