package io.apmreports.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.Arrays;

import org.junit.jupiter.api.Test;

class FigureStatusTests {

	@Test
	void eachStatusIsStoredAndShownAsTheFilesHaveAlwaysShownIt() {
		assertThat(Arrays.stream(FigureStatus.values()).map(FigureStatus::value)).containsExactly("ok", "no_data",
				"failed", "gone");
	}

	@Test
	void aStoredValueReadsBackAsItsStatus() {
		for (FigureStatus status : FigureStatus.values()) {
			assertThat(FigureStatus.of(status.value())).isSameAs(status);
		}
		assertThatIllegalArgumentException().isThrownBy(() -> FigureStatus.of("FAILED"));
	}

}
