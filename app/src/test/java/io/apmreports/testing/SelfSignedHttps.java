package io.apmreports.testing;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.List;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;

/**
 * A real HTTPS server on loopback whose certificate no one trusts: made by
 * {@code keytool} when it starts, self-signed, naming 127.0.0.1 and localhost. Every
 * request is answered 200 {@code ok}, should a client ever get through.
 */
public final class SelfSignedHttps implements AutoCloseable {

	private static final char[] PASSWORD = "changeit".toCharArray();

	private final HttpsServer server;

	private SelfSignedHttps(HttpsServer server) {
		this.server = server;
	}

	/** Starts one, its key store written in {@code dir}. */
	public static SelfSignedHttps start(Path dir) throws IOException, GeneralSecurityException, InterruptedException {
		HttpsServer server = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
		server.setHttpsConfigurator(new HttpsConfigurator(context(keyStore(dir))));
		server.createContext("/", exchange -> {
			exchange.sendResponseHeaders(200, 2);
			exchange.getResponseBody().write("ok".getBytes());
			exchange.close();
		});
		server.start();
		return new SelfSignedHttps(server);
	}

	public int port() {
		return server.getAddress().getPort();
	}

	private static Path keyStore(Path dir) throws IOException, InterruptedException {
		Path store = dir.resolve("self-signed.p12");
		Process keytool = new ProcessBuilder(
				List.of(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(), "-genkeypair", "-alias",
						"test", "-keyalg", "RSA", "-keysize", "2048", "-dname", "CN=127.0.0.1", "-ext",
						"SAN=ip:127.0.0.1,dns:localhost", "-validity", "2", "-storetype", "PKCS12", "-keystore",
						store.toString(), "-storepass", new String(PASSWORD), "-keypass", new String(PASSWORD)))
			.redirectErrorStream(true)
			.start();
		String said = new String(keytool.getInputStream().readAllBytes());
		if (keytool.waitFor() != 0 || !Files.exists(store)) {
			throw new IOException("keytool failed: " + said);
		}
		return store;
	}

	private static SSLContext context(Path store) throws IOException, GeneralSecurityException {
		KeyStore keys = KeyStore.getInstance("PKCS12");
		try (InputStream in = Files.newInputStream(store)) {
			keys.load(in, PASSWORD);
		}
		KeyManagerFactory managers = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
		managers.init(keys, PASSWORD);
		SSLContext context = SSLContext.getInstance("TLS");
		context.init(managers.getKeyManagers(), null, null);
		return context;
	}

	@Override
	public void close() {
		server.stop(0);
	}

}
