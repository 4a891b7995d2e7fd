package io.apmreports.definition;

import java.math.BigDecimal;
import java.time.DateTimeException;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import io.apmreports.range.RangeSpec;

/**
 * Typed, strict access to one mapping of a YAML definition: unknown keys, missing fields
 * and wrong types each give one line naming the file and the field's path.
 */
final class Fields {

	private final String file;

	private final String path;

	private final Map<String, Object> values;

	Fields(String file, String path, Map<String, Object> values, Set<String> known) {
		this.file = file;
		this.path = path;
		this.values = values;
		for (String key : values.keySet()) {
			if (!known.contains(key)) {
				throw new DefinitionException(file + ": unknown field '" + path + key + "' (known fields: "
						+ String.join(", ", new TreeSet<>(known)) + ")");
			}
		}
	}

	static Map<String, Object> strings(String file, String path, Map<?, ?> map) {
		Map<String, Object> values = new LinkedHashMap<>();
		map.forEach((key, value) -> {
			if (!(key instanceof String name)) {
				throw new DefinitionException(file + ": field name '" + path + key + "' is not text");
			}
			values.put(name, value);
		});
		return values;
	}

	DefinitionException invalid(String field, String why) {
		return new DefinitionException(file + ": field '" + path + field + "': " + why);
	}

	/** A required time zone, such as Europe/Berlin. */
	ZoneId zone(String field) {
		String text = requiredText(field);
		try {
			return ZoneId.of(text);
		}
		catch (DateTimeException ex) {
			throw invalid(field, "'" + text + "' is not a time zone such as Europe/Berlin or UTC");
		}
	}

	/** A required named range, such as last-week. */
	RangeSpec range(String field) {
		String text = requiredText(field);
		return RangeSpec.parse(text)
			.orElseThrow(() -> invalid(field, "'" + text + "' is not one of " + RangeSpec.expected()));
	}

	boolean has(String field) {
		return values.containsKey(field);
	}

	/** Whether the field is absent, left empty or an empty list. */
	boolean isEmpty(String field) {
		Object value = values.get(field);
		return value == null || value instanceof List<?> list && list.isEmpty();
	}

	String requiredText(String field) {
		String text = optionalText(field);
		if (text == null || text.isBlank()) {
			throw invalid(field, "is required");
		}
		return text;
	}

	String optionalText(String field) {
		Object value = values.get(field);
		if (value == null) {
			return null;
		}
		if (value instanceof Map || value instanceof List) {
			throw invalid(field, "must be text");
		}
		return value.toString();
	}

	/**
	 * An optional enum constant, written in lower case with dashes; {@code null} when the
	 * field is absent.
	 */
	<E extends Enum<E>> E optionalConstant(String field, Class<E> type) {
		String text = optionalText(field);
		if (text == null) {
			return null;
		}
		List<String> names = constantNames(type);
		int index = names.indexOf(text.toLowerCase(Locale.ROOT).replace('_', '-'));
		if (index < 0) {
			throw invalid(field, "'" + text + "' is not one of " + String.join(", ", names));
		}
		return type.getEnumConstants()[index];
	}

	/**
	 * A required list of an enum's constants, written in lower case with dashes
	 * ({@code key-transactions}); a mistake names every constant, so the message stays
	 * true when one is added.
	 */
	<E extends Enum<E>> Set<E> constants(String field, Class<E> type) {
		List<String> names = constantNames(type);
		Set<E> constants = EnumSet.noneOf(type);
		for (String text : requiredTexts(field,
				"a list of " + String.join("/", names) + " values, such as [" + names.get(0) + "]")) {
			int index = names.indexOf(text.toLowerCase(Locale.ROOT).replace('_', '-'));
			if (index < 0) {
				throw invalid(field, "'" + text + "' is not one of " + String.join(", ", names));
			}
			constants.add(type.getEnumConstants()[index]);
		}
		return constants;
	}

	private static <E extends Enum<E>> List<String> constantNames(Class<E> type) {
		return Arrays.stream(type.getEnumConstants())
			.map(constant -> constant.name().toLowerCase(Locale.ROOT).replace('_', '-'))
			.toList();
	}

	/**
	 * A required, non-empty list of text values.
	 * @param expected what the field must be, for the messages: "a list of ..., such as
	 * [...]"
	 */
	List<String> requiredTexts(String field, String expected) {
		Object value = values.get(field);
		if (value == null || value instanceof List<?> empty && empty.isEmpty()) {
			throw invalid(field, "is required: " + expected);
		}
		if (!(value instanceof List<?> list)) {
			throw invalid(field, "must be " + expected + ", not '" + value + "'");
		}
		List<String> texts = new ArrayList<>();
		for (Object item : list) {
			if (item == null || item instanceof Map || item instanceof List) {
				throw invalid(field, "must list text values");
			}
			texts.add(item.toString());
		}
		return texts;
	}

	/**
	 * An optional list of text values, one value standing for a list of one; empty when
	 * the field is absent.
	 */
	List<String> optionalTexts(String field) {
		Object value = values.get(field);
		if (value == null) {
			return List.of();
		}
		List<?> list = value instanceof List<?> given ? given : List.of(value);
		List<String> texts = new ArrayList<>();
		for (Object item : list) {
			if (item == null || item instanceof Map || item instanceof List || item.toString().isBlank()) {
				throw invalid(field, "must be text or a list of text values, such as [\"Checkout*\"]");
			}
			texts.add(item.toString());
		}
		return texts;
	}

	/**
	 * Tags to match: a mapping of tag keys, each to a value or a list of values, such as
	 * {@code team: [checkout, payments]}; empty when the field is absent.
	 */
	Map<String, List<String>> tags(String field) {
		Object value = values.get(field);
		if (value == null) {
			return Map.of();
		}
		Fields tags = mapping(field, "must map tag keys to values, such as {team: checkout, environment: production}");
		Map<String, List<String>> values = new LinkedHashMap<>();
		for (String key : tags.names()) {
			if (key.isBlank()) {
				throw invalid(field, "a tag key is empty");
			}
			List<String> keyValues = tags.optionalTexts(key);
			if (keyValues.isEmpty()) {
				throw tags.invalid(key, "must be a value or a list of values");
			}
			values.put(key, keyValues);
		}
		return values;
	}

	/**
	 * An optional number, read from the text as written ({@code 0.30} stays 0.30, never
	 * the binary fraction nearest it); {@code null} when the field is absent.
	 * @param example a number such as the field takes, for the message that refuses
	 * another
	 */
	BigDecimal optionalDecimal(String field, String example) {
		Object value = values.get(field);
		if (value == null) {
			return null;
		}
		if (value instanceof Map || value instanceof List) {
			throw invalid(field, "must be a number, such as " + example);
		}
		try {
			return new BigDecimal(value.toString().strip());
		}
		catch (NumberFormatException ex) {
			throw invalid(field, "'" + value + "' is not a number, such as " + example);
		}
	}

	boolean optionalBoolean(String field, boolean defaultValue) {
		Object value = values.get(field);
		if (value == null) {
			return defaultValue;
		}
		// text is refused rather than read, so that a quoted "false" cannot end up
		// meaning true
		if (!(value instanceof Boolean flag)) {
			throw invalid(field, "'" + value + "' is not true or false");
		}
		return flag;
	}

	List<Long> ids(String field) {
		Object value = values.get(field);
		if (value == null) {
			return List.of();
		}
		if (!(value instanceof List<?> list)) {
			throw invalid(field, "must be a list of application ids");
		}
		List<Long> ids = new ArrayList<>();
		for (Object item : list) {
			if (!(item instanceof Integer || item instanceof Long) || ((Number) item).longValue() <= 0) {
				throw invalid(field, "'" + item + "' is not an application id");
			}
			ids.add(((Number) item).longValue());
		}
		return ids;
	}

	/**
	 * A mapping whose keys are names the user chooses (teams, tag keys), each a section
	 * of its own; refused with {@code why} when absent, empty or not a mapping.
	 */
	Fields mapping(String field, String why) {
		Object value = values.get(field);
		if (!(value instanceof Map<?, ?> map) || map.isEmpty()) {
			throw invalid(field, why);
		}
		Map<String, Object> entries = strings(file, path + field + ".", map);
		return new Fields(file, path + field + ".", entries, entries.keySet());
	}

	/** Whether the field holds a mapping rather than a value. */
	boolean isMapping(String field) {
		return values.get(field) instanceof Map;
	}

	/** The names of this mapping's fields, in the order written. */
	List<String> names() {
		return List.copyOf(values.keySet());
	}

	Fields section(String field, Set<String> known) {
		Object value = values.get(field);
		if (value == null) {
			return new Fields(file, path + field + ".", Map.of(), known);
		}
		if (!(value instanceof Map<?, ?> map)) {
			throw invalid(field, "must be a mapping of " + String.join(", ", new TreeSet<>(known)));
		}
		return new Fields(file, path + field + ".", strings(file, path + field + ".", map), known);
	}

}
