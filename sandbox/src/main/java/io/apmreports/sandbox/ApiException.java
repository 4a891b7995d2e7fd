package io.apmreports.sandbox;

/**
 * An error answer: the status and the title of the {@code {"error":{"title":...}}} body.
 */
final class ApiException extends RuntimeException {

	private final int status;

	ApiException(int status, String title) {
		super(title, null, false, false);
		this.status = status;
	}

	int status() {
		return status;
	}

	static ApiException notFound(String title) {
		return new ApiException(404, title);
	}

	static ApiException invalid(String title) {
		return new ApiException(422, title);
	}

}
