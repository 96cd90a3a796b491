package com.example.galley.worker

import kotlinx.coroutines.*
import java.time.Duration

// Processes build jobs with bounded concurrency.
class Worker(
    private val scope: CoroutineScope,
    private val limit: Int = 4,
) {
    private val jobs = ArrayDeque<Job>()
    private var completed = 0
    val pending: Int get() = jobs.size

    fun submit(name: String, block: suspend () -> Unit): Job {
        val job = scope.launch(start = CoroutineStart.LAZY) {
            try {
                block()
                completed++
            } catch (e: CancellationException) {
                println("cancelled $name")
                throw e
            }
        }
        jobs.addLast(job)
        return job
    }

    suspend fun drain(timeout: Duration = Duration.ofSeconds(30)) {
        withTimeout(timeout.toMillis()) {
            while (jobs.isNotEmpty()) {
                val batch = List(minOf(limit, jobs.size)) { jobs.removeFirst() }
                batch.forEach { it.start() }
                batch.joinAll()
            }
        }
    }

    override fun toString() = "Worker(pending=$pending, completed=$completed)"

    companion object {
        const val DEFAULT_LIMIT = 4
        fun create(limit: Int = DEFAULT_LIMIT): Worker = Worker(CoroutineScope(Dispatchers.Default), limit)
    }
}

enum class Priority(val weight: Double) {
    LOW(0.5), NORMAL(1.0), HIGH(2.0);

    fun next(): Priority = values()[(ordinal + 1).coerceAtMost(values().lastIndex)]
}

fun main() = runBlocking {
    val worker = Worker.create()
    repeat(10) { i ->
        worker.submit("job-$i") { delay(10L * i) }
    }
    worker.drain()
    val labels = Priority.values().associateWith { p -> p.name.lowercase() }
    println("$worker ${labels[Priority.HIGH]} ${'x'.code}")
    val nullable: String? = null
    println(nullable?.length ?: -1)
    if (worker.pending == 0 && labels.isNotEmpty()) println("done") else error("stuck")
}
