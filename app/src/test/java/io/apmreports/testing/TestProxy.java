package io.apmreports.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * A real HTTP proxy on loopback, as a company's is: an {@code http://} request in
 * absolute form is sent on to its server, an {@code https://} one is tunnelled after
 * {@code CONNECT}. Each request it forwarded is kept as {@code METHOD host:port}, and it
 * can be told to refuse every request with a status instead (407 asks for credentials).
 */
public final class TestProxy implements AutoCloseable {

	private static final byte[] END_OF_HEADERS = "\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1);

	private final ServerSocket server;

	private final List<String> forwarded = Collections.synchronizedList(new ArrayList<>());

	private volatile int refusal;

	private TestProxy(ServerSocket server) {
		this.server = server;
	}

	public static TestProxy start() throws IOException {
		TestProxy proxy = new TestProxy(new ServerSocket(0, 50, InetAddress.getLoopbackAddress()));
		daemon(proxy::accept, "test-proxy");
		return proxy;
	}

	/** The proxy's URL, as HTTPS_PROXY takes it: {@code http://127.0.0.1:PORT}. */
	public String url() {
		return "http://127.0.0.1:" + port();
	}

	public int port() {
		return server.getLocalPort();
	}

	/** Answers every request with {@code status} from now on, forwarding none. */
	public void refuseWith(int status) {
		refusal = status;
	}

	/**
	 * What it forwarded, each as {@code GET 127.0.0.1:8080} or {@code CONNECT host:443}.
	 */
	public List<String> forwarded() {
		return List.copyOf(forwarded);
	}

	private void accept() {
		while (!server.isClosed()) {
			try {
				Socket client = server.accept();
				daemon(() -> serve(client), "test-proxy-connection");
			}
			catch (IOException ex) {
				// closed: the proxy is done
			}
		}
	}

	private void serve(Socket client) {
		try (client) {
			InputStream in = client.getInputStream();
			String head = readHead(in);
			String[] requestLine = head.substring(0, head.indexOf("\r\n")).split(" ");
			if (refusal != 0) {
				refuse(client.getOutputStream(), refusal);
				return;
			}
			if (requestLine[0].equalsIgnoreCase("CONNECT")) {
				tunnel(client, requestLine[1]);
			}
			else {
				forward(client, requestLine, head);
			}
		}
		catch (IOException | RuntimeException ex) {
			// the client or the server hung up: this connection is over
		}
	}

	private static void refuse(OutputStream out, int status) throws IOException {
		String challenge = status == 407 ? "Proxy-Authenticate: Basic realm=\"test\"\r\n" : "";
		out.write(("HTTP/1.1 " + status + " Refused\r\n" + challenge + "Content-Length: 0\r\nConnection: close\r\n\r\n")
			.getBytes(StandardCharsets.ISO_8859_1));
		out.flush();
	}

	private void tunnel(Socket client, String authority) throws IOException {
		int colon = authority.lastIndexOf(':');
		try (Socket target = connect(client, authority.substring(0, colon),
				Integer.parseInt(authority.substring(colon + 1)))) {
			forwarded.add("CONNECT " + authority);
			client.getOutputStream()
				.write("HTTP/1.1 200 Connection Established\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
			Thread back = daemon(() -> copy(target, client), "test-proxy-tunnel");
			copy(client, target);
			join(back);
		}
	}

	/**
	 * Sends an absolute-form request on in origin form, one request a connection: both
	 * sides are told {@code Connection: close}, so each answer ends where its stream
	 * does.
	 */
	private void forward(Socket client, String[] requestLine, String head) throws IOException {
		URI target = URI.create(requestLine[1]);
		int port = target.getPort() == -1 ? 80 : target.getPort();
		try (Socket server = connect(client, target.getHost(), port)) {
			forwarded.add(requestLine[0] + " " + target.getHost() + ":" + port);
			String path = target.getRawPath() + (target.getRawQuery() == null ? "" : "?" + target.getRawQuery());
			OutputStream toServer = server.getOutputStream();
			toServer.write((requestLine[0] + " " + path + " " + requestLine[2] + "\r\n" + closing(head))
				.getBytes(StandardCharsets.ISO_8859_1));
			Thread body = daemon(() -> copy(client, server), "test-proxy-body");
			InputStream fromServer = server.getInputStream();
			String answerHead = readHead(fromServer);
			OutputStream toClient = client.getOutputStream();
			toClient.write((answerHead.substring(0, answerHead.indexOf("\r\n") + 2) + closing(answerHead))
				.getBytes(StandardCharsets.ISO_8859_1));
			fromServer.transferTo(toClient);
			toClient.flush();
			body.interrupt();
		}
	}

	/**
	 * A connection to the server, or a 502 answer, as a real proxy gives, when it is
	 * away.
	 */
	private static Socket connect(Socket client, String host, int port) throws IOException {
		try {
			return new Socket(host, port);
		}
		catch (IOException ex) {
			refuse(client.getOutputStream(), 502);
			throw ex;
		}
	}

	/** The header lines after the first, without hop-by-hop ones, and the blank line. */
	private static String closing(String head) {
		StringBuilder headers = new StringBuilder();
		for (String line : head.substring(head.indexOf("\r\n") + 2).split("\r\n")) {
			String name = line.contains(":") ? line.substring(0, line.indexOf(':')).toLowerCase(Locale.ROOT) : "";
			if (!line.isEmpty() && !name.equals("connection") && !name.startsWith("proxy-")
					&& !name.equals("keep-alive")) {
				headers.append(line).append("\r\n");
			}
		}
		return headers.append("Connection: close\r\n\r\n").toString();
	}

	/** The request or status line and the headers, up to and with the blank line. */
	private static String readHead(InputStream in) throws IOException {
		ByteArrayOutputStream head = new ByteArrayOutputStream();
		int matched = 0;
		while (matched < END_OF_HEADERS.length) {
			int next = in.read();
			if (next == -1) {
				throw new IOException("closed before the end of the headers");
			}
			head.write(next);
			matched = next == END_OF_HEADERS[matched] ? matched + 1 : next == '\r' ? 1 : 0;
		}
		return head.toString(StandardCharsets.ISO_8859_1);
	}

	private static void copy(Socket from, Socket to) {
		try {
			from.getInputStream().transferTo(to.getOutputStream());
			to.shutdownOutput();
		}
		catch (IOException ex) {
			// one side hung up: the tunnel is over
		}
	}

	private static void join(Thread thread) {
		try {
			thread.join();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private static Thread daemon(Runnable task, String name) {
		Thread thread = new Thread(task, name);
		thread.setDaemon(true);
		thread.start();
		return thread;
	}

	@Override
	public void close() throws IOException {
		server.close();
	}

}
