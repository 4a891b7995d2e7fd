package io.apmreports.sandbox;

/**
 * SplitMix64 mixing, so synthetic values are reproducible without storing or seeding
 * anything.
 */
final class Hashing {

	private Hashing() {
	}

	static long hash(long a, long b, long c, long d) {
		long h = mix(a + 0x9E3779B97F4A7C15L);
		h = mix(h ^ b);
		h = mix(h ^ c);
		return mix(h ^ d);
	}

	/** A value in [0, 1). */
	static double unit(long a, long b, long c, long d) {
		return (hash(a, b, c, d) >>> 11) * 0x1.0p-53;
	}

	private static long mix(long z) {
		z += 0x9E3779B97F4A7C15L;
		z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
		z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
		return z ^ (z >>> 31);
	}

}
