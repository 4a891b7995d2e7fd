package io.apmreports.source.rest.client;

import java.net.URI;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads the {@code rel="next"} target of RFC 5988 {@code Link} headers. */
final class LinkHeader {

	private static final Pattern LINK = Pattern.compile("<([^>]*)>\\s*((?:;\\s*[^;,]+)*)");

	private static final Pattern NEXT = Pattern.compile(";\\s*rel\\s*=\\s*\"?([^\";]*)\"?");

	private LinkHeader() {
	}

	static Optional<URI> next(List<String> headers, URI base) {
		if (headers == null) {
			return Optional.empty();
		}
		for (String header : headers) {
			Matcher link = LINK.matcher(header);
			while (link.find()) {
				Matcher rel = NEXT.matcher(link.group(2));
				while (rel.find()) {
					if (List.of(rel.group(1).trim().split("\\s+")).contains("next")) {
						return Optional.of(base.resolve(link.group(1).trim()));
					}
				}
			}
		}
		return Optional.empty();
	}

}
