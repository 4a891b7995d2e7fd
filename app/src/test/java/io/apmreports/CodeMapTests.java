package io.apmreports;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import io.apmreports.testing.Docs;

/**
 * The README's code map against the tree: every package of the application has its row,
 * and every package a row names is there, so that where a newcomer is sent to look is
 * where the code is.
 */
class CodeMapTests {

	private static final Path SOURCES = Path.of("app/src/main/java/io/apmreports");

	private static final Pattern NAME = Pattern.compile("`([a-z.]+)`");

	@Test
	void everyPackageHasARowAndEveryRowAPackage() throws IOException {
		// given the packages the code map names, the root as "(root)"
		List<String> named = new ArrayList<>();
		Docs.section("README.md", "Code map").lines().filter(line -> line.startsWith("| ")).forEach(row -> {
			String first = row.substring(2, row.indexOf(" | "));
			if (first.equals("(root)")) {
				named.add("");
			}
			Matcher name = NAME.matcher(first);
			while (name.find()) {
				named.add(name.group(1));
			}
		});

		// when the tree is read
		List<String> packages;
		try (Stream<Path> directories = Files.walk(SOURCES)) {
			packages = directories.filter(Files::isDirectory)
				.filter(CodeMapTests::holdsClasses)
				.map(directory -> SOURCES.relativize(directory).toString().replace('/', '.'))
				.toList();
		}

		// then
		assertThat(named).as("the packages of the README's code map").containsExactlyInAnyOrderElementsOf(packages);
	}

	private static boolean holdsClasses(Path directory) {
		try (Stream<Path> files = Files.list(directory)) {
			return files.anyMatch(file -> file.toString().endsWith(".java") && !file.endsWith("package-info.java"));
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
