package io.apmreports.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

import picocli.CommandLine.IVersionProvider;

/**
 * The version {@code --version} prints: the jar's {@code Implementation-Version}, or,
 * where the classes are in no jar (tests, an IDE), the one the build recorded in
 * {@code META-INF/build-info.properties}. Both are the pom's.
 */
final class Version implements IVersionProvider {

	private static final String BUILD_INFO = "/META-INF/build-info.properties";

	@Override
	public String[] getVersion() {
		return new String[] { "apm-reports " + version() };
	}

	static String version() {
		String implementation = Main.class.getPackage().getImplementationVersion();
		return implementation != null ? implementation : recorded();
	}

	private static String recorded() {
		try (InputStream in = Version.class.getResourceAsStream(BUILD_INFO)) {
			if (in == null) {
				return "unknown";
			}
			Properties buildInfo = new Properties();
			buildInfo.load(in);
			return buildInfo.getProperty("build.version", "unknown");
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
