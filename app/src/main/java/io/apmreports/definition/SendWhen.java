package io.apmreports.definition;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.apmreports.failure.UserFacingException;

/**
 * When a schedule's run delivers its report: always (the default); only when there are
 * regressions or failed applications; or when a figure crosses a limit, for the account
 * or for any one application. A run that sends nothing still writes its files.
 *
 * @param onlyWithNews send only when there are regressions, failed or gone applications
 * @param apdexBelow send when an Apdex score is under this, or {@code null}
 * @param errorRateAbove send when an error rate (0 to 1) is above this, or {@code null}
 * @param responseTimeAboveMs send when a response time is above this, or {@code null}
 * @param eachApplication whether the limits apply to each application rather than the
 * account
 */
public record SendWhen(boolean onlyWithNews, Double apdexBelow, Double errorRateAbove, Double responseTimeAboveMs,
		boolean eachApplication) {

	public static final SendWhen ALWAYS = new SendWhen(false, null, null, null, false);

	static final String EXPECTED = "always, regressions, or limits such as apdex-below=0.85,error-rate-above=2%,"
			+ "response-time-above=500,for=each-application (in a schedule: {apdex-below: 0.85, ...})";

	public boolean always() {
		return equals(ALWAYS);
	}

	/** Whether figures of the account (or one application) cross a limit. */
	public boolean crossed(Double apdexScore, Double errorRate, Double responseTimeMs) {
		return (apdexBelow != null && apdexScore != null && apdexScore < apdexBelow)
				|| (errorRateAbove != null && errorRate != null && errorRate > errorRateAbove)
				|| (responseTimeAboveMs != null && responseTimeMs != null && responseTimeMs > responseTimeAboveMs);
	}

	/** Why a run sent nothing: "no regressions and no failed applications". */
	public String notSentReason() {
		if (onlyWithNews) {
			return "no regressions and no failed applications";
		}
		List<String> limits = new ArrayList<>();
		if (apdexBelow != null) {
			limits.add("Apdex under " + Thresholds.format(apdexBelow));
		}
		if (errorRateAbove != null) {
			limits.add("error rate above " + Thresholds.format(errorRateAbove * 100) + "%");
		}
		if (responseTimeAboveMs != null) {
			limits.add("response time above " + Thresholds.format(responseTimeAboveMs) + " ms");
		}
		return "no " + String.join(" nor ", limits) + (eachApplication ? " in any application" : " for the account");
	}

	/** As a job parameter keeps it, and {@link #parse(String)} reads it back. */
	public String text() {
		if (always()) {
			return "always";
		}
		if (onlyWithNews) {
			return "regressions";
		}
		Map<String, String> limits = new LinkedHashMap<>();
		if (apdexBelow != null) {
			limits.put("apdex-below", Thresholds.format(apdexBelow));
		}
		if (errorRateAbove != null) {
			limits.put("error-rate-above", Thresholds.format(errorRateAbove * 100) + "%");
		}
		if (responseTimeAboveMs != null) {
			limits.put("response-time-above", Thresholds.format(responseTimeAboveMs));
		}
		limits.put("for", eachApplication ? "each-application" : "account");
		return String.join(",", limits.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList());
	}

	/**
	 * Reads {@code always}, {@code regressions}, or limits as {@link #text()} writes them
	 * ({@code apdex-below=0.85,error-rate-above=2%,for=each-application}).
	 */
	public static SendWhen parse(String text) {
		if (text == null || text.isBlank() || text.strip().equals("always")) {
			return ALWAYS;
		}
		if (text.strip().equals("regressions")) {
			return new SendWhen(true, null, null, null, false);
		}
		Map<String, String> limits = new LinkedHashMap<>();
		for (String pair : text.split(",")) {
			String[] parts = pair.split("=", 2);
			if (parts.length != 2) {
				throw new UserFacingException("send-when '" + text + "' is not one of " + EXPECTED);
			}
			limits.put(parts[0].strip(), parts[1].strip());
		}
		return of(limits);
	}

	/** Limits by name, as a schedule's mapping gives them. */
	static SendWhen of(Map<String, String> limits) {
		Double apdex = null;
		Double errorRate = null;
		Double responseTime = null;
		boolean each = false;
		for (Map.Entry<String, String> limit : limits.entrySet()) {
			String value = limit.getValue();
			switch (limit.getKey()) {
				case "apdex-below" -> apdex = between(limit.getKey(), value, 0, 1);
				case "error-rate-above" -> {
					if (!value.endsWith("%")) {
						throw new UserFacingException(
								"send-when error-rate-above '" + value + "' needs its percent sign, such as 2%");
					}
					errorRate = between(limit.getKey(), value.substring(0, value.length() - 1), 0, 100) / 100;
				}
				case "response-time-above" -> responseTime = between(limit.getKey(), value, 0, Double.MAX_VALUE);
				case "for" -> {
					if (!value.equals("account") && !value.equals("each-application")) {
						throw new UserFacingException(
								"send-when for '" + value + "' is not account or each-application");
					}
					each = value.equals("each-application");
				}
				default -> throw new UserFacingException("send-when has no limit '" + limit.getKey()
						+ "' (known: apdex-below, error-rate-above, response-time-above, for)");
			}
		}
		if (apdex == null && errorRate == null && responseTime == null) {
			throw new UserFacingException("send-when names no limit: " + EXPECTED);
		}
		return new SendWhen(false, apdex, errorRate, responseTime, each);
	}

	private static double between(String name, String text, double min, double max) {
		try {
			double value = Double.parseDouble(text);
			if (value >= min && value <= max && Double.isFinite(value)) {
				return value;
			}
		}
		catch (NumberFormatException ex) {
			// told below
		}
		throw new UserFacingException("send-when " + name + " '" + text + "' is not a number from "
				+ Thresholds.format(min) + (max == Double.MAX_VALUE ? " up" : " to " + Thresholds.format(max)));
	}

}
