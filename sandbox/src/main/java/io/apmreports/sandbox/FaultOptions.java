package io.apmreports.sandbox;

import java.time.Duration;
import java.util.TreeSet;

/**
 * Reads the command-line form of {@link Faults}, one option at a time, with messages that
 * name the option.
 */
final class FaultOptions {

	private FaultOptions() {
	}

	static Faults apply(Faults faults, String name, String value) {
		if (name == null || !Faults.OPTION_NAMES.contains(name)) {
			throw new IllegalArgumentException(
					"unknown fault option '" + name + "'; known: " + new TreeSet<>(Faults.OPTION_NAMES));
		}
		Option option = new Option(name, value == null ? "" : value.strip());
		if (option.value().isEmpty()) {
			throw option.invalid("a value is required");
		}
		return switch (name) {
			case "latency-ms" -> faults.withLatency(Duration.ofMillis(option.whole(option.value(), 0)));
			case "slow-body-ms" -> faults.withSlowBody(Duration.ofMillis(option.whole(option.value(), 0)));
			case "fail-every" -> {
				Faults result = faults;
				for (String rule : option.rules()) {
					String[] parts = option.parts(rule, 2, 3, "STATUS:N[:RETRY_AFTER_S]");
					result = result.withFailEvery(new FailEvery(option.status(parts[0]), option.whole(parts[1], 1),
							retryAfter(option, parts)));
				}
				yield result;
			}
			case "fail-share" -> {
				Faults result = faults;
				for (String rule : option.rules()) {
					String[] parts = option.parts(rule, 2, 3, "STATUS:P[:RETRY_AFTER_S]");
					result = result.withFailShare(
							new FailShare(option.status(parts[0]), option.share(parts[1]), retryAfter(option, parts)));
				}
				yield result;
			}
			case "burst-429" -> {
				String[] parts = option.parts(option.value(), 3, 3, "LENGTH:RETRY_AFTER_S:EVERY");
				long length = option.whole(parts[0], 1);
				long retryAfter = option.whole(parts[1], 0);
				long every = option.whole(parts[2], 1);
				if (length >= every || length > Integer.MAX_VALUE) {
					throw option.invalid("LENGTH must be less than EVERY");
				}
				yield faults.withBurst429((int) length, retryAfter, every);
			}
			case "drop-share" -> faults.withDropShare(option.share(option.value()));
			case "drop-every" -> faults.withDropEvery(option.whole(option.value(), 1));
			case "truncate-share" -> faults.withTruncateShare(option.share(option.value()));
			case "truncate-every" -> faults.withTruncateEvery(option.whole(option.value(), 1));
			case "rate-limit" -> faults.withRateLimitPerMinute(option.count(option.value(), "requests a minute"));
			case "error-class-every" -> {
				Faults result = faults;
				for (String rule : option.rules()) {
					String[] parts = option.parts(rule, 2, 2, "CLASS:N");
					try {
						result = result.withNerdGraphFailEvery(parts[0], option.whole(parts[1], 1));
					}
					catch (IllegalArgumentException e) {
						throw option.invalid(e.getMessage());
					}
				}
				yield result;
			}
			case "max-url-length" -> faults.withMaxUrlLength(option.count(option.value(), "characters"));
			case "refuse-nrql" -> {
				Faults result = faults;
				for (String text : option.rules()) {
					if (text.isBlank()) {
						throw option.invalid("a text to refuse is empty");
					}
					result = result.withRefusedNrql(text.strip());
				}
				yield result;
			}
			case "refuse-series" -> {
				Faults result = faults;
				for (String rule : option.rules()) {
					String[] parts = option.parts(rule, 1, 2, "STATUS[:APPLICATION_ID]");
					result = result.withRefusedSeries(option.status(parts[0]),
							parts.length == 2 ? option.whole(parts[1], 1) : 0);
				}
				yield result;
			}
			default -> throw new IllegalStateException("no rule for fault option " + name);
		};
	}

	private static long retryAfter(Option option, String[] parts) {
		return parts.length == 3 ? option.whole(parts[2], 0) : Faults.DEFAULT_RETRY_AFTER_SECONDS;
	}

	/** One option being read; every complaint carries its name and whole value. */
	private record Option(String name, String value) {

		IllegalArgumentException invalid(String reason) {
			return new IllegalArgumentException("fault option " + name + "=" + value + ": " + reason);
		}

		String[] rules() {
			return value.split(",", -1);
		}

		String[] parts(String rule, int fewest, int most, String format) {
			String[] parts = rule.strip().split(":", -1);
			if (parts.length < fewest || parts.length > most) {
				throw invalid("'" + rule.strip() + "' is not " + format);
			}
			for (int i = 0; i < parts.length; i++) {
				parts[i] = parts[i].strip();
				if (parts[i].isEmpty()) {
					throw invalid("'" + rule.strip() + "' has an empty part; expected " + format);
				}
			}
			return parts;
		}

		int status(String text) {
			int status;
			try {
				status = Integer.parseInt(text);
			}
			catch (NumberFormatException e) {
				throw invalid("unknown status '" + text + "'; expected an HTTP status from 400 to 599");
			}
			if (status < 400 || status > 599) {
				throw invalid("unknown status '" + text + "'; expected an HTTP status from 400 to 599");
			}
			return status;
		}

		long whole(String text, long least) {
			long number;
			try {
				number = Long.parseLong(text);
			}
			catch (NumberFormatException e) {
				throw invalid("'" + text + "' is not a whole number");
			}
			if (number < least) {
				throw invalid("'" + text + "' must be " + least + " or more");
			}
			return number;
		}

		int count(String text, String unit) {
			long number = whole(text, 0);
			if (number > Integer.MAX_VALUE) {
				throw invalid("at most " + Integer.MAX_VALUE + " " + unit);
			}
			return (int) number;
		}

		double share(String text) {
			double share;
			try {
				share = Double.parseDouble(text);
			}
			catch (NumberFormatException e) {
				throw invalid("'" + text + "' is not a share from 0 to 1");
			}
			if (!(share >= 0 && share <= 1)) {
				throw invalid("share '" + text + "' is not from 0 to 1");
			}
			return share;
		}
	}

}
