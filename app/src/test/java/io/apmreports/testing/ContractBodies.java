package io.apmreports.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The answers of {@code src/test/resources/contract/}: bodies in the shapes the vendor
 * and public clients published, each named with its source in that folder's README.
 */
public final class ContractBodies {

	/** The folder of the bodies on the test class path. */
	public static final String FOLDER = "/contract/";

	private ContractBodies() {
	}

	/**
	 * A body by its path under the folder, such as {@code rest/error-401.json}.
	 * @throws IllegalArgumentException when there is no such body
	 */
	public static String body(String path) {
		try (InputStream in = ContractBodies.class.getResourceAsStream(FOLDER + path)) {
			if (in == null) {
				throw new IllegalArgumentException("no contract body " + path);
			}
			return new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
