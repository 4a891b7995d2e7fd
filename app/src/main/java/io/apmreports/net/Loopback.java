package io.apmreports.net;

import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * Whether a host names this machine's loopback: where plain http may go, and where a
 * proxy elsewhere cannot reach.
 */
public final class Loopback {

	private Loopback() {
	}

	/** Whether {@code host}, as written in a URL, is a loopback address or localhost. */
	public static boolean is(String host) {
		String bare = host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
		if (bare.equalsIgnoreCase("localhost")) {
			return true;
		}
		if (!bare.matches("[0-9.]+|[0-9a-fA-F]*:[0-9a-fA-F:.]*")) {
			// never resolve a name here: only literal addresses can be checked without
			// trusting DNS
			return false;
		}
		try {
			return InetAddress.getByName(bare).isLoopbackAddress();
		}
		catch (UnknownHostException ex) {
			return false;
		}
	}

}
