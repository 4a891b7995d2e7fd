package io.apmreports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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

/**
 * The defaults the README's settings table states against those the application has: the
 * settings records' own, and the one application.yml sets. A stated default is bound as
 * if it were given: the record must come out the same as with nothing given.
 */
class ReadmeSettingsTests {

	private static final List<Class<?>> RECORDS = SettingNames.load().records();

	private static final Pattern CODE = Pattern.compile("`([^`]+)`");

	private static final Pattern SETTING = Pattern.compile("[a-z]+(\\.[a-z-]+)+");

	@Test
	void everyDefaultTheReadmeStatesIsTheApplications() throws IOException {
		// given the defaults the README states, a setting with its value
		List<String[]> stated = statedDefaults();
		MutablePropertySources yaml = new MutablePropertySources();
		new YamlPropertySourceLoader().load("application.yml", new ClassPathResource("application.yml"))
			.forEach(yaml::addLast);

		// then
		assertThat(stated).as("defaults found in the README's settings table").hasSizeGreaterThan(20);
		for (String[] setting : stated) {
			// every record under the setting's prefix: the one that holds it must come
			// out the same, the others cannot change
			List<Class<?>> types = RECORDS.stream()
				.filter(record -> setting[0].startsWith(prefix(record) + "."))
				.toList();
			assertThat(types).as("settings records under " + setting[0]).isNotEmpty();
			MutablePropertySources withReadmes = new MutablePropertySources(yaml);
			withReadmes.addFirst(new MapPropertySource("README", Map.of(setting[0], setting[1])));
			for (Class<?> type : types) {
				Object applications = binder(yaml).bindOrCreate(prefix(type), type);
				Object readmes = binder(withReadmes).bindOrCreate(prefix(type), type);
				assertThat(readmes).as(setting[0] + " = " + setting[1]).isEqualTo(applications);
			}
		}
	}

	/** Binds as the application does, placeholders in application.yml resolved. */
	private static Binder binder(MutablePropertySources sources) {
		return new Binder(ConfigurationPropertySources.from(sources), new PropertySourcesPlaceholdersResolver(sources));
	}

	/**
	 * Name and value of every default the table states, from rows such as
	 * {@code | `a.b`, `a.c` | `5s`, `30s` |}.
	 */
	private static List<String[]> statedDefaults() throws IOException {
		String readme = Files.readString(Path.of("README.md"));
		String section = readme.substring(readme.indexOf("## Configuration"));
		section = section.substring(0, section.indexOf("\n### ", 1));
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
