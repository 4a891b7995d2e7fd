package io.apmreports.delivery;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** Short, stable names derived from longer text: lock names and Message-IDs. */
public final class Digests {

	private Digests() {
	}

	/**
	 * The first {@code bytes} bytes of the SHA-256 of {@code text} (UTF-8), in lower-case
	 * hex.
	 */
	public static String sha256Hex(String text, int bytes) {
		try {
			byte[] hash = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
			return HexFormat.of().formatHex(hash, 0, bytes);
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("SHA-256 is part of every Java runtime", ex);
		}
	}

}
