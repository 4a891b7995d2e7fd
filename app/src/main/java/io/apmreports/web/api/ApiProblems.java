package io.apmreports.web.api;

import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

import io.apmreports.failure.UserFacingException;
import io.apmreports.web.NoSuchRun;
import io.apmreports.web.NotAllowed;

/**
 * The API's refusals as RFC 9457 problems, each with the one line the command line would
 * print.
 */
@RestControllerAdvice(basePackageClasses = ApiProblems.class)
@ConditionalOnWebApplication
class ApiProblems {

	@ExceptionHandler(NoSuchRun.class)
	ProblemDetail noSuchRun(NoSuchRun ex) {
		return ProblemDetail.forStatusAndDetail(HttpStatus.NOT_FOUND, ex.getMessage());
	}

	@ExceptionHandler(NotAllowed.class)
	ProblemDetail notAllowed(NotAllowed ex) {
		return ProblemDetail.forStatusAndDetail(HttpStatus.FORBIDDEN, ex.getMessage());
	}

	/**
	 * A body that is no JSON of the request's fields: told without the parser's words.
	 */
	@ExceptionHandler(HttpMessageNotReadableException.class)
	ProblemDetail unreadable(HttpMessageNotReadableException ex) {
		return ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST,
				"the request's body is not JSON of the fields it takes (see /v3/api-docs)");
	}

	@ExceptionHandler(UserFacingException.class)
	ProblemDetail refused(UserFacingException ex) {
		return ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, ex.getMessage());
	}

}
