package io.apmreports.staging;

import java.time.OffsetDateTime;

import io.apmreports.formula.Figures;

/**
 * One row of {@code summary.csv}: an application's identity, its figures over the range,
 * Apdex and error rate.
 *
 * @param applicationId application id
 * @param applicationName application name
 * @param language agent language
 * @param healthStatus health colour at run time
 * @param reporting whether it was reporting at run time
 * @param hostCount hosts that reported in about the last hour
 * @param instanceCount instances that reported in about the last hour
 * @param rangeFrom range start
 * @param rangeTo range end
 * @param figures the breakdown
 * @param apdexScore {@code Apdex:score} over the range
 * @param errorRate errors per web and non-web call over the range
 * @param status {@code ok}, {@code no_data} or {@code failed}
 * @param statusDetail why, for anything but ok
 * @param link its page in the vendor's UI, or {@code null}; not a column of the file
 * @param accountId the account it belongs to, or {@code null} for a run staged before
 * runs kept it
 */
public record SummaryRow(long applicationId, String applicationName, String language, String healthStatus,
		Boolean reporting, Integer hostCount, Integer instanceCount, OffsetDateTime rangeFrom, OffsetDateTime rangeTo,
		Figures figures, Double apdexScore, Double errorRate, String status, String statusDetail, String link,
		Long accountId) {

	/** A row without a link to the application's page. */
	public SummaryRow(long applicationId, String applicationName, String language, String healthStatus,
			Boolean reporting, Integer hostCount, Integer instanceCount, OffsetDateTime rangeFrom,
			OffsetDateTime rangeTo, Figures figures, Double apdexScore, Double errorRate, String status,
			String statusDetail) {
		this(applicationId, applicationName, language, healthStatus, reporting, hostCount, instanceCount, rangeFrom,
				rangeTo, figures, apdexScore, errorRate, status, statusDetail, null, null);
	}

}
