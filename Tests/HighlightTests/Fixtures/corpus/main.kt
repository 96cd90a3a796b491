package com.example.galley

import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.map

/**
 * Repository for posts, backed by a DAO.
 */
class PostRepository(private val dao: PostDao) {
    private val cache = mutableMapOf<String, Post>()

    suspend fun load(id: String): Post? {
        cache[id]?.let { return it }
        val post = dao.find(id) ?: return null
        cache[id] = post
        return post
    }

    fun titles(): Flow<List<String>> = dao.all().map { posts ->
        posts.filter { it.published }.map { it.title }
    }

    /* Block /* nested */ comment */
    fun summary(post: Post): String {
        val words = post.body.split(" ").size
        return "Post ${post.title} has $words words and ${post.tags.joinToString { "#$it" }}"
    }
}

data class Post(
    val id: String,
    val title: String,
    val body: String = "",
    val published: Boolean = false,
    val tags: List<String> = emptyList(),
    val score: Double = 1.5,
)

sealed interface Result<out T> {
    data class Ok<T>(val value: T) : Result<T>
    object Empty : Result<Nothing>
}

interface PostDao {
    fun all(): Flow<List<Post>>
    suspend fun find(id: String): Post?
}

enum class Status { DRAFT, PUBLISHED, ARCHIVED }

object Config {
    const val MAX_POSTS = 100
    val hex = 0xFFL
    var debug = false
}

fun `format title`(title: String) = title.trim().uppercase()

fun <T : Comparable<T>> maxOf(items: List<T>): T? {
    var best: T? = null
    for (item in items) {
        if (best == null || item > best) best = item
    }
    return best
}

fun main(args: Array<String>) {
    val status = Status.valueOf(args.firstOrNull() ?: "DRAFT")
    when (status) {
        Status.DRAFT -> println("draft")
        Status.PUBLISHED, Status.ARCHIVED -> println("done: ${status.name.lowercase()}")
    }
    val range = 1..10
    val evens = range.filter { it % 2 == 0 }
    val text = """
        |Multi-line ${evens.size}
        |raw \n text
    """.trimMargin()
    println(text)
    val c = 'x'
    try {
        check(evens.isNotEmpty()) { "no evens" }
    } catch (e: IllegalStateException) {
        throw RuntimeException(e)
    } finally {
        println("bye")
    }
}
