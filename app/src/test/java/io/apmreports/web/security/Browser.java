package io.apmreports.web.security;

import java.io.IOException;
import java.net.CookieManager;
import java.net.CookiePolicy;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * What a browser does that the tests need: it keeps cookies, follows redirects (or not),
 * and posts forms with the CSRF token the page it came from holds.
 */
final class Browser {

	private static final Pattern CSRF = Pattern.compile("name=\"_csrf\"[^>]*value=\"([^\"]+)\"");

	private final CookieManager cookies = new CookieManager(null, CookiePolicy.ACCEPT_ALL);

	private final HttpClient client;

	Browser(boolean followRedirects) {
		this.client = HttpClient.newBuilder()
			.cookieHandler(cookies)
			.followRedirects(followRedirects ? HttpClient.Redirect.NORMAL : HttpClient.Redirect.NEVER)
			.build();
	}

	HttpResponse<String> get(URI url) throws IOException, InterruptedException {
		// as a browser asks, so that a server answers with pages (a login page, not 401)
		return send(HttpRequest.newBuilder(url).header("Accept", "text/html,*/*;q=0.8").GET().build());
	}

	HttpResponse<String> post(URI url, Map<String, String> form) throws IOException, InterruptedException {
		String body = form.entrySet()
			.stream()
			.map(field -> encode(field.getKey()) + "=" + encode(field.getValue()))
			.collect(Collectors.joining("&"));
		return send(HttpRequest.newBuilder(url)
			.header("Content-Type", "application/x-www-form-urlencoded")
			.POST(HttpRequest.BodyPublishers.ofString(body))
			.build());
	}

	HttpResponse<String> send(HttpRequest request) throws IOException, InterruptedException {
		return client.send(request, HttpResponse.BodyHandlers.ofString());
	}

	/** Signs in on the page at {@code login} with its form. */
	HttpResponse<String> signIn(URI login, String name, String password) throws IOException, InterruptedException {
		HttpResponse<String> page = get(login);
		Map<String, String> form = new LinkedHashMap<>();
		form.put("username", name);
		form.put("password", password);
		form.put("_csrf", csrf(page.body()));
		return post(login, form);
	}

	/** The CSRF token of a page's form. */
	static String csrf(String page) {
		Matcher token = CSRF.matcher(page);
		if (!token.find()) {
			throw new AssertionError("no CSRF token on the page: " + page);
		}
		return token.group(1);
	}

	CookieManager cookies() {
		return cookies;
	}

	private static String encode(String text) {
		return URLEncoder.encode(text, StandardCharsets.UTF_8);
	}

}
