package io.apmreports.failure;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ConnectException;
import java.sql.SQLException;

import org.junit.jupiter.api.Test;

class FailuresTests {

	private final Throwable chain = new IllegalStateException("launch failed\n  at the second line",
			new SQLException("could not serialize access", "40001", new ConnectException("Connection refused")));

	@Test
	void findsTheFirstOfATypeAnywhereInTheChain() {
		assertThat(Failures.find(chain, SQLException.class)).get()
			.extracting(SQLException::getSQLState)
			.isEqualTo("40001");
		assertThat(Failures.find(chain, IOException.class)).get().isInstanceOf(ConnectException.class);
		assertThat(Failures.find(chain, IllegalStateException.class)).get().isSameAs(chain);
		assertThat(Failures.find(chain, UserFacingException.class)).isEmpty();
	}

	@Test
	void theRootIsTheInnermostCauseOrTheFailureItself() {
		assertThat(Failures.root(chain)).isInstanceOf(ConnectException.class);
		assertThat(Failures.root(new IOException("alone"))).hasMessage("alone");
	}

	@Test
	void aSummaryIsOneLineOrTheTypeWhenThereIsNoMessage() {
		assertThat(Failures.summary(chain)).isEqualTo("launch failed");
		assertThat(Failures.summary(new NullPointerException())).isEqualTo("NullPointerException");
		assertThat(Failures.firstLine(null)).isEmpty();
		assertThat(Failures.firstLine("  padded  \nrest")).isEqualTo("padded");
	}

}
