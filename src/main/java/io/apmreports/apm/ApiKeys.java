package io.apmreports.apm;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import io.apmreports.UserFacingException;

/**
 * Finds the API key: the environment variable {@code APM_API_KEY}, or the file named by {@code apm.api-key-file}.
 * Nowhere else, so that the key never rides on a command line, a property file in the repository or a job parameter.
 */
public final class ApiKeys {

	public static final String ENVIRONMENT_VARIABLE = "APM_API_KEY";

	private ApiKeys() {
	}

	public static ApiKey resolve(Map<String, String> environment, Path keyFile) {
		if (keyFile != null) {
			return fromFile(keyFile);
		}
		String value = environment.get(ENVIRONMENT_VARIABLE);
		if (value == null || value.isBlank()) {
			throw new UserFacingException("no API key: set the environment variable " + ENVIRONMENT_VARIABLE
					+ " or name a file holding it with --apm.api-key-file=PATH (or try --demo)");
		}
		return new ApiKey(value);
	}

	private static ApiKey fromFile(Path keyFile) {
		try {
			String value = Files.readString(keyFile);
			if (value.isBlank()) {
				throw new UserFacingException("apm.api-key-file " + keyFile + " is empty");
			}
			return new ApiKey(value);
		}
		catch (IOException ex) {
			throw new UserFacingException("apm.api-key-file " + keyFile + " cannot be read ("
					+ ex.getClass().getSimpleName() + ")");
		}
	}

}
