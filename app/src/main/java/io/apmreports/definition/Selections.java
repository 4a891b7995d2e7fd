package io.apmreports.definition;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * The {@code applications:} field, as report definitions and schedules' teams write it,
 * and as a run keeps a team's selection: one line of YAML, read back as it was written.
 */
public final class Selections {

	private static final Set<String> FIELDS = Set.of("name-contains", "names", "ids", "tags", "exclude");

	private static final Set<String> EXCLUDE_FIELDS = Set.of("names", "ids", "tags");

	private Selections() {
	}

	/**
	 * The selection of {@code fields}' {@code applications}; every application without
	 * one.
	 */
	static ApplicationFilter parse(Fields fields) {
		Fields applications = fields.section("applications", FIELDS);
		Fields exclude = applications.section("exclude", EXCLUDE_FIELDS);
		return new ApplicationFilter(applications.optionalText("name-contains"), applications.ids("ids"),
				applications.optionalTexts("names"), applications.tags("tags"), new ApplicationFilter.Exclusion(
						exclude.optionalTexts("names"), exclude.ids("ids"), exclude.tags("tags")));
	}

	/** The selection as one line of YAML, which {@link #read} reads back as it is. */
	public static String text(ApplicationFilter filter) {
		Map<String, Object> applications = new LinkedHashMap<>();
		if (filter.nameContains() != null) {
			applications.put("name-contains", filter.nameContains());
		}
		putIfAny(applications, "names", filter.names());
		putIfAny(applications, "ids", filter.ids());
		putIfAny(applications, "tags", filter.tags());
		Map<String, Object> exclude = new LinkedHashMap<>();
		putIfAny(exclude, "names", filter.exclude().names());
		putIfAny(exclude, "ids", filter.exclude().ids());
		putIfAny(exclude, "tags", filter.exclude().tags());
		putIfAny(applications, "exclude", exclude);
		DumperOptions options = new DumperOptions();
		options.setDefaultFlowStyle(DumperOptions.FlowStyle.FLOW);
		options.setWidth(Integer.MAX_VALUE);
		return new Yaml(options).dump(Map.of("applications", applications)).strip();
	}

	/** A selection {@link #text} wrote. */
	public static ApplicationFilter read(String text) {
		Object document = new Yaml(new SafeConstructor(new LoaderOptions())).load(text);
		if (!(document instanceof Map<?, ?> map)) {
			throw new DefinitionException("a run's kept selection is not a mapping: " + text);
		}
		return parse(new Fields("the run's kept selection", "", Fields.strings("", "", map), Set.of("applications")));
	}

	private static void putIfAny(Map<String, Object> map, String key, Object value) {
		boolean empty = value instanceof Map<?, ?> m ? m.isEmpty() : ((Collection<?>) value).isEmpty();
		if (!empty) {
			map.put(key, value);
		}
	}

}
