package io.apmreports.source.nrql;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An APM entity as the entity search outlines it: an application, or a key transaction.
 *
 * @param guid the entity's guid
 * @param name its name
 * @param reporting whether it is reporting
 * @param alertSeverity {@code NOT_ALERTING}, {@code WARNING}, {@code CRITICAL},
 * {@code NOT_CONFIGURED}, or {@code null}
 * @param applicationId an application's id, or {@code null}
 * @param language an application's agent language, or {@code null}
 * @param apdexTarget a key transaction's Apdex target in seconds, or {@code null}
 * @param metricName a key transaction's transaction metric name, or {@code null}
 * @param applicationGuid a key transaction's application's guid, or {@code null}
 * @param permalink an application's page in the UI, or {@code null}; only an https
 * address is kept, since the report puts it behind a name readers click
 * @param tags the entity's tags, each key with its values, where the search asked for
 * them
 */
record Entity(String guid, String name, boolean reporting, String alertSeverity, Long applicationId, String language,
		Double apdexTarget, String metricName, String applicationGuid, String permalink,
		Map<String, List<String>> tags) {

	/** An entity of an answer, by member name; what is not the documented shape fails. */
	static Entity read(Map<?, ?> entity) {
		Object application = entity.get("application");
		String applicationGuid = application instanceof Map<?, ?> map ? text(map, "guid", false) : null;
		return new Entity(text(entity, "guid", true), text(entity, "name", true),
				Boolean.TRUE.equals(entity.get("reporting")), text(entity, "alertSeverity", false),
				id(entity.get("applicationId")), text(entity, "language", false), number(entity.get("apdexTarget")),
				text(entity, "metricName", false), applicationGuid, https(text(entity, "permalink", false)),
				tags(entity.get("tags")));
	}

	/**
	 * The values of the tag {@code key}, matched without regard to case as the service
	 * does.
	 */
	List<String> tag(String key) {
		return tags.entrySet()
			.stream()
			.filter(tag -> tag.getKey().equalsIgnoreCase(key))
			.findFirst()
			.map(Map.Entry::getValue)
			.orElse(List.of());
	}

	private static Map<String, List<String>> tags(Object value) {
		if (value == null) {
			return Map.of();
		}
		if (!(value instanceof List<?> list)) {
			throw new IllegalArgumentException("tags is not a list");
		}
		Map<String, List<String>> tags = new LinkedHashMap<>();
		for (Object tag : list) {
			if (!(tag instanceof Map<?, ?> map) || !(map.get("values") instanceof List<?> values)) {
				throw new IllegalArgumentException("a tag is not a key with values");
			}
			tags.put(text(map, "key", true), values.stream().map(String::valueOf).toList());
		}
		return tags;
	}

	private static String https(String address) {
		return address != null && address.startsWith("https://") && address.length() <= 1000 ? address : null;
	}

	/**
	 * The id a guid ends with: guids are base64 of {@code <accountId>|APM|<type>|<id>}.
	 * @throws IllegalArgumentException when the guid is not of that form
	 */
	static long idOf(String guid) {
		String decoded = new String(Base64.getDecoder().decode(guid), StandardCharsets.UTF_8);
		String[] parts = decoded.split("\\|");
		if (parts.length != 4) {
			throw new IllegalArgumentException("guid " + guid + " is not <account>|<domain>|<type>|<id>");
		}
		return Long.parseLong(parts[3]);
	}

	/** An application's health colour, as REST v2 words it. */
	String healthStatus() {
		if (alertSeverity == null) {
			return "unknown";
		}
		return switch (alertSeverity) {
			case "NOT_ALERTING" -> "green";
			case "WARNING" -> "orange";
			case "CRITICAL" -> "red";
			case "NOT_CONFIGURED" -> "gray";
			default -> "unknown";
		};
	}

	private static String text(Map<?, ?> entity, String member, boolean required) {
		Object value = entity.get(member);
		if (value instanceof String text) {
			return text;
		}
		if (required || value != null) {
			throw new IllegalArgumentException(member + " is not a string");
		}
		return null;
	}

	/** An id, which the service may type as a number or a string. */
	static Long id(Object value) {
		if (value == null) {
			return null;
		}
		if (value instanceof Number number && number.doubleValue() == number.longValue()) {
			return number.longValue();
		}
		if (value instanceof String text) {
			try {
				return Long.valueOf(text.strip());
			}
			catch (NumberFormatException ex) {
				throw new IllegalArgumentException("id " + text + " is not a number");
			}
		}
		throw new IllegalArgumentException("an id is not a number");
	}

	private static Double number(Object value) {
		if (value == null) {
			return null;
		}
		if (value instanceof Number number) {
			return number.doubleValue();
		}
		throw new IllegalArgumentException("a number is not a number");
	}

}
