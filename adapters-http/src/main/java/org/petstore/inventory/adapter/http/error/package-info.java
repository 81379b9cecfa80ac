/**
 * The {@code Error} body of every failure. Rule: every code and its HTTP status is a row of
 * {@link org.petstore.inventory.adapter.http.error.ErrorCode}, the one place where error statuses are named; a failure
 * is raised as {@link org.petstore.inventory.adapter.http.error.ApiException} where it is detected, and
 * {@link org.petstore.inventory.adapter.http.error.ErrorTranslation} turns everything else (the domain's exceptions,
 * the framework's, an unexpected fault) into one.
 */
package org.petstore.inventory.adapter.http.error;
