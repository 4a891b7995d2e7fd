package io.apmreports.testing;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Searches what a run leaves behind for a secret: every file's bytes, in UTF-8 and in
 * UTF-16 (as H2 stores text), and inside a workbook's zip.
 */
public final class SecretSearch {

	private SecretSearch() {
	}

	/** The regular files under {@code directory} that {@code searched} accepts. */
	public static List<Path> files(Path directory, Predicate<Path> searched) throws IOException {
		try (Stream<Path> files = Files.walk(directory)) {
			return files.filter(Files::isRegularFile).filter(searched).toList();
		}
	}

	public static boolean contains(Path file, String secret) throws IOException {
		byte[] bytes = Files.readAllBytes(file);
		if (indexOf(bytes, secret.getBytes(StandardCharsets.UTF_8)) >= 0
				|| indexOf(bytes, secret.getBytes(StandardCharsets.UTF_16BE)) >= 0) {
			return true;
		}
		if (file.toString().endsWith(".xlsx")) {
			try (ZipFile zip = new ZipFile(file.toFile())) {
				for (ZipEntry entry : Collections.list(zip.entries())) {
					try (InputStream in = zip.getInputStream(entry)) {
						if (indexOf(in.readAllBytes(), secret.getBytes(StandardCharsets.UTF_8)) >= 0) {
							return true;
						}
					}
				}
			}
		}
		return false;
	}

	private static int indexOf(byte[] haystack, byte[] needle) {
		outer: for (int i = 0; i <= haystack.length - needle.length; i++) {
			for (int j = 0; j < needle.length; j++) {
				if (haystack[i + j] != needle[j]) {
					continue outer;
				}
			}
			return i;
		}
		return -1;
	}

}
