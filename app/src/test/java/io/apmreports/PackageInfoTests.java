package io.apmreports;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * Every room says what lives in it: a newcomer reads the tree through its package-info
 * files.
 */
class PackageInfoTests {

	private static final Path SOURCES = Path.of("app/src/main/java/io/apmreports");

	@Test
	void everyPackageSaysWhatLivesThere() throws IOException {
		// given every package of the application
		List<Path> packages;
		try (Stream<Path> directories = Files.walk(SOURCES)) {
			packages = directories.filter(Files::isDirectory).filter(PackageInfoTests::holdsClasses).toList();
		}

		// then each has a package-info.java with a Javadoc comment
		assertThat(packages).isNotEmpty().allSatisfy(directory -> {
			Path info = directory.resolve("package-info.java");
			assertThat(info).exists();
			assertThat(Files.readString(info)).contains("/**");
		});
	}

	private static boolean holdsClasses(Path directory) {
		try (Stream<Path> files = Files.list(directory)) {
			return files.anyMatch(file -> file.toString().endsWith(".java"));
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
