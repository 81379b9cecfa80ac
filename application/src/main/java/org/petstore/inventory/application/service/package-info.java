/**
 * The services that implement the use cases on the outbound ports. Plain Java without annotations: bootstrap builds
 * them in its {@code @Factory} classes ({@code ServiceFactory}, {@code DataTransferFactory}). No adapter depends on
 * this package.
 */
package org.petstore.inventory.application.service;
