package io.apmreports.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

import org.apache.commons.text.similarity.LevenshteinDistance;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import io.apmreports.failure.UserFacingException;

/**
 * The names of the settings under the tool's prefixes, as the build lists them
 * (spring-configuration-metadata.json, of apm-reports and of Spring Boot's mail and
 * management): a name given there that nothing binds would be ignored without a word, so
 * it is refused with the nearest known name. The same file lists the settings records,
 * which the checks before Spring bind.
 */
final class SettingNames {

	private static final List<String> CHECKED = List.of("apm.", "report.", "delivery.", "schedule.", "console.",
			"spring.mail.", "management.server.");

	private static final List<String> COLLECTIONS = List.of("java.util.Map", "java.util.List", "java.util.Set");

	private static final String METADATA = "META-INF/spring-configuration-metadata.json";

	private final Set<ConfigurationPropertyName> names;

	/** The settings records, each bound under its prefix, as the build lists them. */
	private final List<Class<?>> records;

	/**
	 * Names under which any key or index may follow ({@code apm.account-names.1234567},
	 * {@code apm.datastore-types[0]}).
	 */
	private final Set<ConfigurationPropertyName> maps;

	private SettingNames(Set<ConfigurationPropertyName> names, Set<ConfigurationPropertyName> maps,
			List<Class<?>> records) {
		this.names = names;
		this.maps = maps;
		this.records = List.copyOf(records);
	}

	/** The names the class path's metadata lists. */
	static SettingNames load() {
		// compared as Spring compares names: apm.accountId is apm.account-id
		Set<ConfigurationPropertyName> names = new HashSet<>();
		Set<ConfigurationPropertyName> maps = new HashSet<>();
		List<Class<?>> records = new ArrayList<>();
		try {
			for (URL url : Collections.list(SettingNames.class.getClassLoader().getResources(METADATA))) {
				try (InputStream in = url.openStream()) {
					JsonNode metadata = JsonMapper.shared().readTree(in);
					for (JsonNode group : metadata.path("groups")) {
						record(group).ifPresent(records::add);
					}
					for (JsonNode property : metadata.path("properties")) {
						String name = property.path("name").asString();
						if (CHECKED.stream().anyMatch(name::startsWith)) {
							names.add(ConfigurationPropertyName.of(name));
							if (COLLECTIONS.stream().anyMatch(property.path("type").asString()::startsWith)) {
								maps.add(ConfigurationPropertyName.of(name));
							}
						}
					}
				}
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return new SettingNames(names, maps, records);
	}

	/**
	 * The settings record a group of the metadata is, when it is one of the tool's (not
	 * Spring's, nor one nested in another record): the build lists the same
	 * {@code @ConfigurationProperties} records the context binds.
	 */
	private static Optional<Class<?>> record(JsonNode group) {
		String type = group.path("type").asString();
		if (!type.startsWith("io.apmreports.") || !type.equals(group.path("sourceType").asString())
				|| group.has("sourceMethod")) {
			return Optional.empty();
		}
		try {
			return Optional.of(Class.forName(type, false, SettingNames.class.getClassLoader()));
		}
		catch (ClassNotFoundException ex) {
			throw new IllegalStateException("the settings metadata names a record the build does not hold", ex);
		}
	}

	/** The settings records the context binds, each under its prefix. */
	List<Class<?>> records() {
		return records;
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
		if (CHECKED.stream().noneMatch(canonical::startsWith) || names.isEmpty() || names.contains(given)
				|| maps.stream().anyMatch(known -> known.isAncestorOf(given))) {
			return;
		}
		String nearest = names.stream()
			.map(ConfigurationPropertyName::toString)
			// the first in order among names as near
			.sorted()
			.min(Comparator.comparingInt(known -> distance(known, canonical)))
			.orElseThrow();
		throw new UserFacingException("unknown setting --" + name
				+ (distance(nearest, canonical) <= Math.max(3, canonical.length() / 4)
						? ": did you mean --" + nearest + "?" : "")
				+ " (the settings are listed in docs/configuration.md)");
	}

	/** Levenshtein's distance: the fewest letters to add, remove or change. */
	static int distance(String one, String other) {
		return LevenshteinDistance.getDefaultInstance().apply(one, other);
	}

}
