package io.apmreports.net;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The hosts a request goes to directly, in one of two forms: curl's {@code NO_PROXY}
 * (comma-separated names, each also matching the names under it, a leading dot or
 * {@code *.} alike, and {@code *} for every host) or the JDK's {@code http.nonProxyHosts}
 * ({@code |}-separated patterns, {@code *} as a wildcard at either end).
 */
record NonProxyHosts(List<Pattern> patterns) {

	static NonProxyHosts curl(String noProxy) {
		return new NonProxyHosts(Arrays.stream(noProxy.split(","))
			.map(entry -> entry.strip().toLowerCase(Locale.ROOT))
			.filter(entry -> !entry.isEmpty())
			.map(NonProxyHosts::curlPattern)
			.toList());
	}

	static NonProxyHosts jdk(String nonProxyHosts) {
		return new NonProxyHosts(Arrays.stream(nonProxyHosts.split("\\|"))
			.map(entry -> entry.strip().toLowerCase(Locale.ROOT))
			.filter(entry -> !entry.isEmpty())
			.map(entry -> Pattern.compile(Arrays.stream(entry.split("\\*", -1))
				.map(part -> part.isEmpty() ? "" : Pattern.quote(part))
				.reduce((left, right) -> left + ".*" + right)
				.orElse("")))
			.toList());
	}

	private static Pattern curlPattern(String entry) {
		if (entry.equals("*")) {
			return Pattern.compile(".*");
		}
		String domain = entry.startsWith("*.") ? entry.substring(2)
				: entry.startsWith(".") ? entry.substring(1) : entry;
		return Pattern.compile("(.*\\.)?" + Pattern.quote(domain));
	}

	/** Whether a request to {@code host} goes directly. */
	boolean skips(String host) {
		String name = host.toLowerCase(Locale.ROOT);
		String bare = name.startsWith("[") && name.endsWith("]") ? name.substring(1, name.length() - 1) : name;
		return patterns.stream()
			.anyMatch(pattern -> pattern.matcher(name).matches() || pattern.matcher(bare).matches());
	}

}
