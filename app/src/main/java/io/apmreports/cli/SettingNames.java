package io.apmreports.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import io.apmreports.failure.UserFacingException;

/**
 * The names of the settings under the tool's prefixes, as the build lists them
 * (spring-configuration-metadata.json, of apm-reports and of Spring Boot's mail and
 * management): a name given there that nothing binds would be ignored without a word, so
 * it is refused with the nearest known name.
 */
final class SettingNames {

	private static final List<String> CHECKED = List.of("apm.", "report.", "delivery.", "schedule.", "spring.mail.",
			"management.server.");

	private static final List<String> COLLECTIONS = List.of("java.util.Map", "java.util.List", "java.util.Set");

	private static final String METADATA = "META-INF/spring-configuration-metadata.json";

	private final Set<String> names;

	/**
	 * Names under which any key or index may follow ({@code apm.account-names.1234567},
	 * {@code apm.datastore-types[0]}).
	 */
	private final Set<String> maps;

	private SettingNames(Set<String> names, Set<String> maps) {
		this.names = names;
		this.maps = maps;
	}

	/** The names the class path's metadata lists. */
	static SettingNames load() {
		Set<String> names = new TreeSet<>();
		Set<String> maps = new TreeSet<>();
		try {
			for (URL url : Collections.list(SettingNames.class.getClassLoader().getResources(METADATA))) {
				try (InputStream in = url.openStream()) {
					for (JsonNode property : JsonMapper.shared().readTree(in).path("properties")) {
						String name = property.path("name").asString();
						if (CHECKED.stream().anyMatch(name::startsWith)) {
							names.add(name);
							if (COLLECTIONS.stream().anyMatch(property.path("type").asString()::startsWith)) {
								maps.add(name);
							}
						}
					}
				}
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return new SettingNames(names, maps);
	}

	/**
	 * Refuses a setting given as {@code --name=value} whose name is under the tool's
	 * prefixes and known to nothing; its value is never echoed (it may be a secret).
	 */
	void check(String name) {
		// as Spring reads it: apm.accountId, apm.account-names[1234567] and
		// spring.mail.properties[mail.smtp.auth] are names it binds
		ConfigurationPropertyName given = ConfigurationPropertyName.adapt(name, '.');
		String canonical = given.toString().toLowerCase(Locale.ROOT);
		if (CHECKED.stream().noneMatch(canonical::startsWith) || names.isEmpty()
				|| names.stream().anyMatch(known -> ConfigurationPropertyName.of(known).equals(given))
				|| maps.stream().anyMatch(known -> ConfigurationPropertyName.of(known).isAncestorOf(given))) {
			return;
		}
		String nearest = names.stream().min(Comparator.comparingInt(known -> distance(known, canonical))).orElseThrow();
		throw new UserFacingException("unknown setting --" + name
				+ (distance(nearest, canonical) <= Math.max(3, canonical.length() / 4)
						? ": did you mean --" + nearest + "?" : "")
				+ " (the settings are listed in the README, under Configuration)");
	}

	/** Levenshtein's distance: the fewest letters to add, remove or change. */
	static int distance(String one, String other) {
		int[] previous = new int[other.length() + 1];
		int[] current = new int[other.length() + 1];
		for (int j = 0; j <= other.length(); j++) {
			previous[j] = j;
		}
		for (int i = 1; i <= one.length(); i++) {
			current[0] = i;
			for (int j = 1; j <= other.length(); j++) {
				int change = one.charAt(i - 1) == other.charAt(j - 1) ? 0 : 1;
				current[j] = Math.min(Math.min(current[j - 1] + 1, previous[j] + 1), previous[j - 1] + change);
			}
			int[] swap = previous;
			previous = current;
			current = swap;
		}
		return previous[other.length()];
	}

}
