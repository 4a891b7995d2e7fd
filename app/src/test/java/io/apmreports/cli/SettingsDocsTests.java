package io.apmreports.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNoException;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.bind.PropertySourcesPlaceholdersResolver;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.MutablePropertySources;
import org.springframework.core.io.ClassPathResource;

import io.apmreports.testing.Docs;

/**
 * The defaults the settings table of docs/configuration.md states against those the
 * application has: the settings records' own, and the one application.yml sets. A stated
 * default is bound as if it were given: the record must come out the same as with nothing
 * given.
 */
class SettingsDocsTests {

	private static final List<Class<?>> RECORDS = SettingNames.load().records();

	private static final Pattern CODE = Pattern.compile("`([^`]+)`");

	private static final Pattern SETTING = Pattern.compile("[a-z]+(\\.[a-z-]+)+");

	@Test
	void everyDefaultTheDocsStateIsTheApplications() throws IOException {
		// given the defaults the docs state, a setting with its value
		List<String[]> stated = statedDefaults();
		MutablePropertySources yaml = new MutablePropertySources();
		new YamlPropertySourceLoader().load("application.yml", new ClassPathResource("application.yml"))
			.forEach(yaml::addLast);

		// then
		assertThat(stated).as("defaults found in the settings table of docs/configuration.md").hasSizeGreaterThan(20);
		for (String[] setting : stated) {
			// every record under the setting's prefix: the one that holds it must come
			// out the same, the others cannot change
			List<Class<?>> types = RECORDS.stream()
				.filter(record -> setting[0].startsWith(prefix(record) + "."))
				.toList();
			assertThat(types).as("settings records under " + setting[0]).isNotEmpty();
			MutablePropertySources withDocs = new MutablePropertySources(yaml);
			withDocs.addFirst(new MapPropertySource("docs", Map.of(setting[0], setting[1])));
			for (Class<?> type : types) {
				Object applications = binder(yaml).bindOrCreate(prefix(type), type);
				Object docs = binder(withDocs).bindOrCreate(prefix(type), type);
				assertThat(docs).as(setting[0] + " = " + setting[1]).isEqualTo(applications);
			}
		}
	}

	@Test
	void everySettingTheDocsNameIsOneTheToolBinds() {
		// given every setting the table names, a key such as <id> as one key
		List<String> named = Docs.section("docs/configuration.md", "Configuration")
			.lines()
			.filter(line -> line.startsWith("| `"))
			.flatMap(row -> codes(row.split(" \\| ")[0]).stream())
			.map(name -> name.replaceAll("<[a-z]+>", "x"))
			.filter(name -> SETTING.matcher(name).matches())
			.toList();
		SettingNames names = SettingNames.load();

		// then none is refused as unknown
		assertThat(named).as("settings named in docs/configuration.md").hasSizeGreaterThan(40);
		assertThat(named).allSatisfy(name -> assertThatNoException().as(name).isThrownBy(() -> names.check(name)));
	}

	/** Binds as the application does, placeholders in application.yml resolved. */
	private static Binder binder(MutablePropertySources sources) {
		return new Binder(ConfigurationPropertySources.from(sources), new PropertySourcesPlaceholdersResolver(sources));
	}

	/**
	 * Name and value of every default the table states, from rows such as
	 * {@code | `a.b`, `a.c` | `5s`, `30s` |}.
	 */
	private static List<String[]> statedDefaults() {
		String section = Docs.section("docs/configuration.md", "Configuration");
		List<String[]> defaults = new ArrayList<>();
		section.lines().filter(line -> line.startsWith("| `")).forEach(row -> {
			String[] cells = row.split(" \\| ");
			List<String> names = codes(cells[0]).stream().filter(name -> SETTING.matcher(name).matches()).toList();
			List<String> values = codes(cells[1]);
			if (!names.isEmpty() && names.size() == values.size()) {
				for (int i = 0; i < names.size(); i++) {
					defaults.add(new String[] { names.get(i), values.get(i) });
				}
			}
		});
		return defaults;
	}

	private static List<String> codes(String cell) {
		List<String> codes = new ArrayList<>();
		Matcher code = CODE.matcher(cell);
		while (code.find()) {
			codes.add(code.group(1));
		}
		return codes;
	}

	private static String prefix(Class<?> record) {
		return StandaloneSettings.prefix(record);
	}

}
