package io.apmreports.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FaultsTests {

	private static final Clock FIXED = Clock.fixed(Instant.parse("2024-03-05T09:17:00Z"), ZoneOffset.UTC);

	@Test
	void noneHasNoFaults() {
		// given no faults
		Faults faults = Faults.none();

		// when it is inspected then nothing is set, and the sandbox's default options
		// carry it
		assertThat(faults.any()).isFalse();
		assertThat(faults.failEvery()).isEmpty();
		assertThat(faults.burst429()).isNull();
		assertThat(SandboxOptions.demo("key").faults()).isEqualTo(faults);
		assertThat(Faults.none().withDropEvery(3).any()).isTrue();
	}

	@Test
	void everyOptionIsParsed() {
		// given one of every option
		Map<String, String> options = new HashMap<>();
		options.put("latency-ms", "25");
		options.put("fail-every", "429:5, 503:7:9");
		options.put("fail-share", "502:0.1,429:0.05:3");
		options.put("burst-429", "3:2:10");
		options.put("drop-share", "0.01");
		options.put("drop-every", "50");
		options.put("truncate-share", "0");
		options.put("truncate-every", "40");
		options.put("slow-body-ms", "100");
		options.put("rate-limit", "1000");
		options.put("max-url-length", "2000");
		options.put("error-class-every", "TIMEOUT:4");
		options.put("refuse-nrql", "TIMESERIES, SINCE 10 minutes ago");
		options.put("refuse-series", "422:1004,503");

		// when they are parsed
		Faults faults = Faults.parse(options);

		// then each lands where it belongs, rules in the order given
		assertThat(options.keySet()).isEqualTo(Faults.OPTION_NAMES);
		assertThat(faults.latency()).isEqualTo(Duration.ofMillis(25));
		assertThat(faults.failEvery()).containsExactly(new FailEvery(429, 5, 1), new FailEvery(503, 7, 9));
		assertThat(faults.failShare()).containsExactly(new FailShare(502, 0.1, 1), new FailShare(429, 0.05, 3));
		assertThat(faults.burst429()).isEqualTo(new Burst429(3, 2, 10));
		assertThat(faults.dropShare()).isEqualTo(0.01);
		assertThat(faults.dropEvery()).isEqualTo(50);
		assertThat(faults.truncateShare()).isZero();
		assertThat(faults.truncateEvery()).isEqualTo(40);
		assertThat(faults.slowBody()).isEqualTo(Duration.ofMillis(100));
		assertThat(faults.rateLimitPerMinute()).isEqualTo(1000);
		assertThat(faults.maxUrlLength()).isEqualTo(2000);
		assertThat(faults.nerdGraphFailEvery()).containsExactly(new NerdGraphFailEvery("TIMEOUT", 4));
		assertThat(faults.refusals().nrqlContaining()).containsExactly("TIMESERIES", "SINCE 10 minutes ago");
		assertThat(faults.refusals().series()).containsExactly(new RefuseSeries(422, 1004), new RefuseSeries(503, 0));
		assertThat(faults.seed()).isEqualTo(Faults.none().seed());
	}

	@Test
	void noOptionsAreNoFaults() {
		// given no options when they are parsed then there are no faults
		assertThat(Faults.parse(Map.of())).isEqualTo(Faults.none());
	}

	@ParameterizedTest(name = "{0}={1}")
	@CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
			fail-every     | teapot:5       | unknown status 'teapot'
			fail-every     | 200:5          | unknown status '200'
			fail-every     | 429            | '429' is not STATUS:N
			fail-every     | 429:           | has an empty part
			fail-every     | 429:5,         | '' is not STATUS:N
			fail-every     | 429:0          | '0' must be 1 or more
			fail-every     | 429:5:2:1      | '429:5:2:1' is not STATUS:N
			fail-every     | 429:five       | 'five' is not a whole number
			fail-share     | 503:1.5        | share '1.5' is not from 0 to 1
			fail-share     | 503:-0.1       | share '-0.1' is not from 0 to 1
			fail-share     | 503:NaN        | share 'NaN' is not from 0 to 1
			fail-share     | 503:half       | 'half' is not a share from 0 to 1
			fail-share     | 503            | '503' is not STATUS:P
			burst-429      | 3:2            | '3:2' is not LENGTH:RETRY_AFTER_S:EVERY
			burst-429      | 10:1:10        | LENGTH must be less than EVERY
			burst-429      | 0:1:10         | '0' must be 1 or more
			drop-share     | 2              | share '2' is not from 0 to 1
			drop-every     | 0              | '0' must be 1 or more
			truncate-share | lots           | 'lots' is not a share from 0 to 1
			truncate-every | -1             | '-1' must be 1 or more
			latency-ms     | -5             | '-5' must be 0 or more
			slow-body-ms   | 1.5            | '1.5' is not a whole number
			rate-limit     | 99999999999    | at most 2147483647 requests a minute
			rate-limit     | " "            | a value is required
			max-url-length | -1             | '-1' must be 0 or more
			max-url-length | 99999999999    | at most 2147483647 characters
			refuse-nrql    | "TIMESERIES, " | a text to refuse is empty
			refuse-series  | 200            | unknown status '200'
			refuse-series  | 422:0          | '0' must be 1 or more
			refuse-series  | 422:1004:1     | '422:1004:1' is not STATUS[:APPLICATION_ID]
			""")
	void aBadValueIsRefusedWithOneLineNamingTheOptionAndValue(String name, String value, String reason) {
		// given an option with a bad value
		Map<String, String> options = Map.of(name, value);

		// when it is parsed then the message names the option and its value, says what is
		// wrong, and takes one line
		assertThatIllegalArgumentException().isThrownBy(() -> Faults.parse(options))
			.withMessageStartingWith("fault option " + name + "=" + value.strip() + ": ")
			.withMessageContaining(reason)
			.withMessageNotContaining("\n");
	}

	@Test
	void aRefusalFollowsWhatIsAskedNotWhen() {
		// given NRQL refused by a text, and the series of application 1004 refused with
		// 422 before every series with 503
		Refusals refusals = Faults.none()
			.withRefusedNrql("timeseries")
			.withRefusedSeries(422, 1004)
			.withRefusedSeries(503, 0)
			.refusals();

		// then the text is found whatever its case, and the first series rule that
		// applies
		// answers
		assertThat(refusals.refusedNrql("SELECT count(x) FROM Metric TIMESERIES 60 minutes")).hasValue("timeseries");
		assertThat(refusals.refusedNrql("SELECT count(x) FROM Metric")).isEmpty();
		assertThat(refusals.refusedSeries(1004)).hasValue(422);
		assertThat(refusals.refusedSeries(1001)).hasValue(503);
		assertThat(Refusals.none().refusedSeries(1004)).isEmpty();
		assertThat(Faults.none().withRefusedNrql("TIMESERIES").any()).isTrue();
	}

	@Test
	void anUnknownOptionIsRefusedWithTheKnownOnes() {
		// given a misspelt option
		Map<String, String> options = Map.of("fail-evry", "429:5");

		// when it is parsed then the message names it and lists the known options on one
		// line
		assertThatIllegalArgumentException().isThrownBy(() -> Faults.parse(options))
			.withMessageContaining("'fail-evry'")
			.withMessageContaining("fail-every")
			.withMessageNotContaining("\n");
	}

	@Test
	void theRecordRefusesImpossibleFaults() {
		// given impossible values built in code when the faults are made then they are
		// refused
		assertThatIllegalArgumentException().isThrownBy(() -> Faults.none().withFailEvery(200, 5));
		assertThatIllegalArgumentException().isThrownBy(() -> Faults.none().withFailShare(503, 1.01));
		assertThatIllegalArgumentException().isThrownBy(() -> Faults.none().withBurst429(5, 1, 5));
		assertThatIllegalArgumentException().isThrownBy(() -> Faults.none().withDropEvery(-1));
		assertThatIllegalArgumentException().isThrownBy(() -> Faults.none().withLatency(Duration.ofMillis(-1)));
		assertThatIllegalArgumentException().isThrownBy(() -> Faults.none().withRateLimitPerMinute(-1));
	}

	@Test
	void withersKeepTheOtherFaults() {
		// given faults built up step by step
		Faults faults = Faults.none()
			.withFailEvery(429, 5)
			.withBadBody(1001, BadBody.NAN)
			.withLatency(Duration.ofMillis(5))
			.withBadBody(1002, BadBody.HTML)
			.withSeed(9);

		// when they are read then every step is still there
		assertThat(faults.failEvery()).containsExactly(new FailEvery(429, 5));
		assertThat(faults.badBodies()).containsOnly(Map.entry(1001L, BadBody.NAN), Map.entry(1002L, BadBody.HTML));
		assertThat(faults.latency()).isEqualTo(Duration.ofMillis(5));
		assertThat(faults.seed()).isEqualTo(9);
	}

	@Test
	void sharesComeCloseToTheAskedShareOverManyRequests() {
		// given a tenth of requests dropped
		FaultInjector injector = new FaultInjector(Faults.none().withDropShare(0.1), FIXED);

		// when ten thousand requests are judged
		int drops = 0;
		for (int i = 0; i < 10_000; i++) {
			if (injector.next() instanceof FaultInjector.Drop) {
				drops++;
			}
		}

		// then about a thousand are dropped
		assertThat(drops).isBetween(900, 1100);
	}

	@Test
	void dropComesBeforeFailuresAndFailuresBeforeTheBurst() {
		// given every 4th dropped, every 2nd failed with 500 and bursts of one 429 every
		// 3
		FaultInjector injector = new FaultInjector(
				Faults.none().withDropEvery(4).withFailEvery(500, 2).withBurst429(1, 1, 3), FIXED);

		// when eight requests are judged
		List<String> verdicts = new ArrayList<>();
		for (int i = 0; i < 8; i++) {
			verdicts.add(describe(injector.next()));
		}

		// then 4 and 8 are dropped, 2 and 6 fail, and the burst takes 7 (4 was dropped
		// first)
		assertThat(verdicts).containsExactly("pass", "500", "pass", "drop", "pass", "500", "429", "drop");
	}

	@Test
	void truncationIsDecidedOnRequestsThatPass() {
		// given every 2nd answer truncated and every 4th failed
		FaultInjector injector = new FaultInjector(Faults.none().withTruncateEvery(2).withFailEvery(503, 4), FIXED);

		// when four requests are judged
		List<String> verdicts = new ArrayList<>();
		for (int i = 0; i < 4; i++) {
			verdicts.add(describe(injector.next()));
		}

		// then 2 is truncated and 4 fails instead
		assertThat(verdicts).containsExactly("pass", "truncate", "pass", "503");
	}

	@Test
	void theRateLimitWindowSlidesWithTheClock() {
		// given a limit of two a minute, on a clock the test moves
		MutableClock clock = new MutableClock(Instant.parse("2024-03-05T09:17:00Z"));
		FaultInjector injector = new FaultInjector(Faults.none().withRateLimitPerMinute(2), clock);

		// when three requests come at once, then one 30 s later and one after the first
		// two left the window
		String first = describe(injector.next());
		clock.now = clock.now.plusSeconds(10);
		String second = describe(injector.next());
		FaultInjector.Verdict third = injector.next();
		FaultInjector.Limit spent = injector.limit();
		clock.now = clock.now.plusSeconds(50);
		String fourth = describe(injector.next());

		// then the third is refused until the first leaves the window, and the fourth
		// passes
		assertThat(List.of(first, second, fourth)).containsExactly("pass", "pass", "pass");
		assertThat(third)
			.isEqualTo(new FaultInjector.Fail(429, 50, Instant.parse("2024-03-05T09:18:00Z").getEpochSecond()));
		assertThat(spent).isEqualTo(new FaultInjector.Limit(2, 0));
		assertThat(injector.limit()).isEqualTo(new FaultInjector.Limit(2, 0));
	}

	private static String describe(FaultInjector.Verdict verdict) {
		if (verdict instanceof FaultInjector.Drop) {
			return "drop";
		}
		if (verdict instanceof FaultInjector.Fail fail) {
			return Integer.toString(fail.status());
		}
		return ((FaultInjector.Pass) verdict).truncate() ? "truncate" : "pass";
	}

	/**
	 * A clock the test sets, so the rate-limit window is checked without waiting a
	 * minute.
	 */
	private static final class MutableClock extends Clock {

		private Instant now;

		MutableClock(Instant now) {
			this.now = now;
		}

		@Override
		public ZoneOffset getZone() {
			return ZoneOffset.UTC;
		}

		@Override
		public Clock withZone(ZoneId zone) {
			return this;
		}

		@Override
		public Instant instant() {
			return now;
		}

	}

}
