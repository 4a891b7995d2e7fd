package io.apmreports.source.access;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.apmreports.failure.UserFacingException;

/** Where the key comes from, and the one-line refusals when it is missing. */
class ApiKeysTests {

	@TempDir
	Path directory;

	@Test
	void theKeyIsReadFromTheEnvironment() {
		// given an environment with APM_API_KEY
		Map<String, String> environment = Map.of("APM_API_KEY", "env-secret-key", "OTHER", "x");

		// when the key is resolved without a key file
		ApiKey key = ApiKeys.resolve(environment, null);

		// then it is the variable's value
		assertThat(key.reveal()).isEqualTo("env-secret-key");
	}

	@Test
	void theKeyIsReadFromAFileWithoutItsLineEnd() throws Exception {
		// given a key file ending with a newline, as editors write it, and a different
		// key in the environment
		Path file = Files.writeString(directory.resolve("apm.key"), "file-secret-key\n");

		// when the key is resolved with the file
		ApiKey key = ApiKeys.resolve(Map.of("APM_API_KEY", "env-secret-key"), file);

		// then the file wins and its line end is not part of the key
		assertThat(key.reveal()).isEqualTo("file-secret-key");
	}

	@ParameterizedTest
	@ValueSource(strings = { "", "   ", "\t\n" })
	void aMissingOrBlankVariableIsRefusedWithOneLineNamingIt(String value) {
		// given no usable APM_API_KEY (absent, then blank)
		Map<String, String> blank = Map.of("APM_API_KEY", value);

		// when the key is resolved
		UserFacingException absent = catchThrowableOfType(UserFacingException.class,
				() -> ApiKeys.resolve(Map.of(), null));
		UserFacingException empty = catchThrowableOfType(UserFacingException.class, () -> ApiKeys.resolve(blank, null));

		// then both are refused with one line naming APM_API_KEY, not a stack trace
		for (UserFacingException failure : new UserFacingException[] { absent, empty }) {
			assertThat(failure).isNotNull();
			assertThat(failure.getMessage()).contains("APM_API_KEY")
				.doesNotContain("\n")
				.doesNotContain("\tat ")
				.doesNotContain("Exception");
			assertThat(failure.getCause()).isNull();
		}
	}

	@Test
	void anEmptyKeyFileIsRefusedWithOneLineNamingTheSetting() throws Exception {
		// given a key file with only whitespace
		Path file = Files.writeString(directory.resolve("empty.key"), " \n");

		// when the key is resolved
		UserFacingException failure = catchThrowableOfType(UserFacingException.class,
				() -> ApiKeys.resolve(Map.of(), file));

		// then the refusal names the setting, on one line
		assertThat(failure).isNotNull();
		assertThat(failure.getMessage()).contains("apm.api-key-file").contains("empty").doesNotContain("\n");
	}

	@Test
	void aKeyGivenWhereItsFileBelongsIsRefusedWithoutEchoingIt() {
		// given the key itself as apm.api-key-file, a file that does not exist
		Path file = Path.of("NRAK-file-secret-0123456789");

		// when the key is resolved
		UserFacingException failure = catchThrowableOfType(UserFacingException.class,
				() -> ApiKeys.resolve(Map.of("APM_API_KEY", "env-secret-key"), file));

		// then the refusal names the setting, on one line, without a stack trace, the
		// value or the other key
		assertThat(failure).isNotNull();
		assertThat(failure.getMessage()).contains("apm.api-key-file")
			.contains("cannot be read (no such file)")
			.doesNotContain("Exception")
			.doesNotContain("\n")
			.doesNotContain("\tat ")
			.doesNotContain("file-secret")
			.doesNotContain("env-secret-key");
	}

	@Test
	void aBlankKeyCannotBeMade() {
		// given blank key texts when keys are made of them then they are refused
		assertThatIllegalArgumentException().isThrownBy(() -> new ApiKey(" "));
		assertThatIllegalArgumentException().isThrownBy(() -> new ApiKey(null));
	}

}
