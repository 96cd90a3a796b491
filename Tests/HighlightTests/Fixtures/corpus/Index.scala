package galley

import scala.collection.mutable
import scala.concurrent.Future

/** A post in the index. */
case class Post(title: String, slug: String, words: Int = 0)

sealed trait Change
case object Same extends Change
final case class Added(post: Post) extends Change

object Index {
  private val cache = mutable.Map.empty[String, Post]

  def add(post: Post): Change = cache.get(post.slug) match {
    case Some(existing) if existing == post => Same
    case _ =>
      cache(post.slug) = post
      Added(post)
  }

  def titles(limit: Int = 10): Seq[String] =
    cache.values.toSeq.sortBy(_.title).take(limit).map(_.title)

  def main(args: Array[String]): Unit = {
    val post = Post("Hello", "hello", 42)
    println(s"change: ${add(post)}, ratio ${0.5 * 3}")
    lazy val total = cache.size
    for (t <- titles() if t.nonEmpty) println(t)
  }
}
