package io.apmreports.source.access;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Map;

import io.apmreports.failure.UserFacingException;

/**
 * Finds the API key: the environment variable {@code APM_API_KEY}, or the file named by
 * {@code apm.api-key-file}. Nowhere else, so that the key never rides on a command line,
 * a property file in the repository or a job parameter.
 */
public final class ApiKeys {

	static final String ENVIRONMENT_VARIABLE = "APM_API_KEY";

	private ApiKeys() {
	}

	/** The environment variable that holds the key. */
	public static String environmentVariable() {
		return ENVIRONMENT_VARIABLE;
	}

	public static ApiKey resolve(Map<String, String> environment, Path keyFile) {
		if (keyFile != null) {
			return fromFile(keyFile, "apm.api-key-file");
		}
		String value = environment.get(ENVIRONMENT_VARIABLE);
		if (value == null || value.isBlank()) {
			throw new UserFacingException("no API key: set the environment variable " + ENVIRONMENT_VARIABLE
					+ " or name a file holding it with --apm.api-key-file=PATH (or try --demo)");
		}
		return new ApiKey(value);
	}

	/**
	 * The key in the file named by {@code setting}. The messages name the setting, never
	 * the file: a key pasted where its file belongs would be echoed.
	 */
	public static ApiKey fromFile(Path keyFile, String setting) {
		try {
			String value = Files.readString(keyFile);
			if (value.isBlank()) {
				throw new UserFacingException("the file named by " + setting + " is empty");
			}
			return new ApiKey(value);
		}
		catch (IOException ex) {
			String why = ex instanceof NoSuchFileException ? "no such file"
					: ex instanceof AccessDeniedException ? "permission denied" : "an input/output error";
			throw new UserFacingException("the file named by " + setting + " cannot be read (" + why
					+ "): give the path of a file that holds the key, not the key");
		}
	}

}
