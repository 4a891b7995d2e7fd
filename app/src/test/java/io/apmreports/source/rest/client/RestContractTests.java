package io.apmreports.source.rest.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.apmreports.definition.ApplicationFilter;
import io.apmreports.range.TimeRange;
import io.apmreports.source.rest.client.ApmClientResponseTests.Canned;
import io.apmreports.testing.ContractBodies;

/**
 * The REST v2 client reads the answers the vendor and public clients published
 * ({@code src/test/resources/contract/rest/}, each body's source in that folder's
 * README), served over HTTP as the service serves them: lists with their extra members
 * and {@code Link} paging, one application, summarized and series metric data, error
 * bodies.
 */
class RestContractTests {

	private static final String KEY = "contract-key";

	private static final TimeRange HALF_HOUR = new TimeRange(
			OffsetDateTime.of(2026, 11, 10, 19, 14, 29, 0, ZoneOffset.UTC),
			OffsetDateTime.of(2026, 11, 10, 19, 44, 29, 0, ZoneOffset.UTC));

	private Canned service;

	private ApmClient client;

	@BeforeEach
	void start() throws IOException {
		service = new Canned();
		client = ApmClientIntegrationTests.client(service.baseUrl(), KEY);
	}

	@AfterEach
	void stop() {
		service.close();
	}

	@Test
	void theApplicationsListIsReadAcrossItsLinkPagesWithItsExtraMembers() {
		// given two pages as the service pages them: the first links next and last, the
		// last first and prev only
		String list = service.baseUrl() + "/v2/applications.json";
		service.answer("/v2/applications.json", 200, ContractBodies.body("rest/applications-page-1.json"),
				Map.of("Link", "<" + list + "?page=2>;rel=\"next\", <" + list + "?page=2>;rel=\"last\""));
		service.answer("/v2/applications.json?page=2", 200, ContractBodies.body("rest/applications-page-2.json"),
				Map.of("Link", "<" + list + "?page=1>;rel=\"first\", <" + list + "?page=1>;rel=\"prev\""));

		// when every application is listed
		List<Application> applications = new ArrayList<>();
		client.applications(ApplicationFilter.all()).forEachRemaining(applications::add);

		// then both pages were read once each, and every application as written
		assertThat(service.requests()).extracting(ApmClientResponseTests.Request::pathAndQuery)
			.containsExactly("/v2/applications.json", "/v2/applications.json?page=2");
		assertThat(applications).extracting(Application::id).containsExactly(7001L, 7002L, 7003L, 7004L);
		Application checkout = applications.get(0);
		assertThat(checkout.name()).isEqualTo("Checkout Service");
		assertThat(checkout.healthStatus()).isEqualTo("green");
		assertThat(checkout.lastReportedAt()).isEqualTo(OffsetDateTime.parse("2026-11-10T09:41:07Z"));
		assertThat(checkout.summary().apdexScore()).isEqualTo(0.97);
		assertThat(checkout.summary().apdexTarget()).isEqualTo(0.5);
		assertThat(checkout.summary().responseTime()).isEqualTo(212.0);
		assertThat(checkout.hostCount()).isEqualTo(2);
		assertThat(checkout.instanceCount()).isEqualTo(6);
		assertThat(checkout.hostIds()).containsExactly(7201L, 7202L);
		// without host_count in its summary, the hosts are those its links list
		Application billing = applications.get(1);
		assertThat(billing.healthStatus()).isEqualTo("orange");
		assertThat(billing.hostCount()).isEqualTo(1);
		assertThat(billing.instanceCount()).isEqualTo(2);
		Application legacy = applications.get(2);
		assertThat(legacy.reporting()).isFalse();
		assertThat(legacy.lastReportedAt()).isNull();
		assertThat(legacy.summary()).isNull();
		assertThat(legacy.healthStatus()).isEqualTo("gray");
		assertThat(legacy.hostCount()).isZero();
		assertThat(applications.get(3).healthStatus()).isEqualTo("unknown");
	}

	@Test
	void oneApplicationIsReadFromItsApplicationEnvelope() {
		// given the service's answer for one application, with the links templates
		service.answer("/v2/applications/7002.json", 200, ContractBodies.body("rest/application-single.json"));

		// when it is fetched
		Application application = client.application(7002);

		// then
		assertThat(application.id()).isEqualTo(7002);
		assertThat(application.name()).isEqualTo("Billing Service");
		assertThat(application.healthStatus()).isEqualTo("unknown");
		assertThat(application.summary().responseTime()).isEqualTo(6.2);
		assertThat(application.hostCount()).isEqualTo(1);
		assertThat(application.instanceCount()).isEqualTo(3);
		assertThat(application.hostIds()).containsExactly(7211L);
	}

	@Test
	void aSummarizedSliceEndingAtFiftyNineIsTakenAsTheServiceAlignedIt() {
		// given a summarized answer whose one slice runs 19:13:00 to 19:42:59 for a
		// request of 19:14:29 to 19:44:29, and a name it did not find
		service.answer("/v2/applications/7001/metrics/data.json", 200,
				ContractBodies.body("rest/metric-data-summarized.json"));

		// when the timing family is asked for
		MetricData data = client.metricData(7001, MetricQuery
			.summarized(List.of("HttpDispatcher", "WebFrontend/QueueTime"), MetricQuery.TIMING_VALUES, HALF_HOUR));

		// then the range is the request's, the slice the service's, and every value kept
		assertThat(data.from()).isEqualTo(HALF_HOUR.from());
		assertThat(data.to()).isEqualTo(HALF_HOUR.to());
		assertThat(data.notFound()).containsExactly("WebFrontend/QueueTime");
		assertThat(data.metrics()).containsOnlyKeys("HttpDispatcher");
		MetricData.Timeslice slice = data.metrics().get("HttpDispatcher").get(0);
		assertThat(data.metrics().get("HttpDispatcher")).hasSize(1);
		assertThat(slice.from()).isEqualTo(OffsetDateTime.parse("2026-11-10T19:13:00Z"));
		assertThat(slice.to()).isEqualTo(OffsetDateTime.parse("2026-11-10T19:42:59Z"));
		assertThat(slice.values()).containsEntry("call_count", 99770.0)
			.containsEntry("average_response_time", 364.0)
			.containsEntry("requests_per_minute", 3326.0)
			.containsEntry("total_call_time_per_minute", 1211.0)
			.hasSize(10);
	}

	@Test
	void aSeriesThatStartsBeforeItsRangeIsReadSliceBySlice() {
		// given a series whose first slice starts before the answer's from
		service.answer("/v2/applications/7001/metrics/data.json", 200,
				ContractBodies.body("rest/metric-data-series.json"));

		// when it is asked for
		MetricData data = client.metricData(7001,
				new MetricQuery(List.of("HttpDispatcher"), MetricQuery.TIMING_VALUES, HALF_HOUR, false));

		// then every slice is kept, in order, the first one before the range
		List<MetricData.Timeslice> slices = data.metrics().get("HttpDispatcher");
		assertThat(data.notFound()).isEmpty();
		assertThat(slices).extracting(MetricData.Timeslice::from)
			.containsExactly(OffsetDateTime.parse("2026-11-10T23:22:00Z"),
					OffsetDateTime.parse("2026-11-10T23:23:00Z"));
		assertThat(slices.get(0).from()).isBefore(data.from());
		assertThat(slices.get(1).values()).containsEntry("call_count", 67.0);
	}

	@Test
	void aRefusedKeyIsAnAuthenticationFailureThatQuotesTheServicesTitle() {
		// given the 401 body the service answers without a key
		service.answer("/v2/applications/7001.json", 401, ContractBodies.body("rest/error-401.json"));

		// when
		ApmException.Authentication failure = catchThrowableOfType(ApmException.Authentication.class,
				() -> client.application(7001));

		// then
		assertThat(failure.status()).isEqualTo(401);
		assertThat(failure).hasMessageContaining("(No API key specified)");
	}

	@Test
	void aServerErrorIsTransientAndQuotesTheServicesTitle() {
		service.answer("/v2/applications/7001.json", 500, ContractBodies.body("rest/error-500.json"));

		ApmException.Transient failure = catchThrowableOfType(ApmException.Transient.class,
				() -> client.application(7001));

		assertThat(failure.status()).isEqualTo(500);
		assertThat(failure).hasMessageContaining("(Internal server error)");
		assertThat(failure.tooManyRequests()).isFalse();
	}

	@Test
	void aRateLimitWithAnEmptyBodyWaitsUntilTheResetTheHeadersName() {
		// given the documented 429: {} and the rate limit headers, the reset two
		// minutes ahead
		long reset = Instant.now().plusSeconds(120).getEpochSecond();
		service.answer("/v2/applications/7001.json", 429, ContractBodies.body("rest/error-429.json"), Map
			.of("X-RateLimit-Limit", "1000", "X-RateLimit-Remaining", "0", "X-RateLimit-Reset", Long.toString(reset)));

		// when
		ApmException.Transient failure = catchThrowableOfType(ApmException.Transient.class,
				() -> client.application(7001));

		// then it is the account's limit, to be waited out until the reset
		assertThat(failure.tooManyRequests()).isTrue();
		assertThat(failure.retryAfter()).isBetween(Duration.ofSeconds(100), Duration.ofSeconds(120));
	}

}
